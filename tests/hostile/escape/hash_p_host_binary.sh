# `hash -p /bin/sh sh` cannot bind a name to a host program.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
hash -p /bin/sh sh
sh -c 'echo pwned'
