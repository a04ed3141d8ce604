# Creating files until the entry limit refuses them (strict: 10 000
# entries): touch reports ENOSPC; the files made so far stay.
# fs-limit: max_entries=2000
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: No space left on device
# expect-stdout-contains: refused at
# after: ls /tmp | wc -l
# after-stdout-bytes: 2..6
i=0
while touch /tmp/f$i 2>/dev/null; do ((i++)); done
echo "refused at $i"
touch /tmp/one-more
