# grep reads line by line; a line that never ends must not grow forever.
# expect-stop: memory
grep -c x /dev/zero
