# `exec /bin/sh` runs nothing: there is no /bin/sh.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: /bin/sh: No such file or directory
exec /bin/sh -c 'echo pwned'
echo "not reached"
