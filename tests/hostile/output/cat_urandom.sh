# An endless binary flood.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
cat /dev/urandom
