# Four background jobs flood the same stdout at once.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
for i in 1 2 3 4; do cat /dev/zero & done
wait
