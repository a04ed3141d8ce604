# `command -p` searches a "standard" PATH: still nothing of the host.
# expect-stop: none
# expect-status: 127
# expect-stderr-contains: gcc: command not found
command -p gcc
