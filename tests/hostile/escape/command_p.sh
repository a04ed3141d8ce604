# `command -p` searches a "standard" PATH: still nothing of the host.
# expect-stop: none
# expect-status: 127
# expect-stderr-contains: id: command not found
command -p id
