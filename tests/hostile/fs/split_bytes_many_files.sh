# `split -b 1` of a 100 KB file asks for 100000 one-byte files: the VFS
# entry limit refuses the file past it, split reports that write and
# stops with status 1, and the sandbox stays usable (the pieces can be
# removed).
# fs-limit: max_entries=2000
# expect-stop: none
# expect-stderr-contains: No space left on device
# expect-stdout: status 1
# expect-max-seconds: 5
# after: rm -f x* && echo cleaned
# after-stdout: cleaned
head -c 100000 /dev/zero > big
split -b 1 big
echo "status $?"
