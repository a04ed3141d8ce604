# An endless stream of NUL bytes on stdout.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: \0\0\0\0
# expect-stdout-bytes: 512K..1M
cat /dev/zero
