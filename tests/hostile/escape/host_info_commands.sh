# Commands that would describe the host do not exist.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: uname: command not found
# expect-stderr-contains: ps: command not found
# expect-stderr-contains: mount: command not found
uname -a
hostname
id
ps aux
mount
