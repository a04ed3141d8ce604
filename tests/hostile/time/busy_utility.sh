# A utility busy on an endless input, its output discarded.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
cat /dev/zero > /dev/null
