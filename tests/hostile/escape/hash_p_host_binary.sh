# `hash -p /bin/sh sh` cannot bind a name to a host program: `sh` stays
# the sandbox's own shell.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: sh: line 1: gcc: command not found
hash -p /bin/sh sh
sh -c 'gcc'
