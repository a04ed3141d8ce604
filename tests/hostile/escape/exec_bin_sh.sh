# `exec /bin/sh` runs the sandbox's own shell, never the host's: the
# host's programs are not found from it.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: /bin/sh: line 1: gcc: command not found
exec /bin/sh -c 'gcc'
echo "not reached"
