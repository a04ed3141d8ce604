# `tail -n 1` must keep the current line, which never ends.
# expect-stop: memory
tail -n 1 /dev/zero
