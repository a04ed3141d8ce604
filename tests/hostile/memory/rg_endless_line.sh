# rg reads line by line into a buffer that grows only for a longer line;
# a line that never ends (`-a` turns off the NUL check that would stop it)
# must stop on the memory limit, not grow forever.
# expect-stop: memory
rg -a -c x /dev/zero
