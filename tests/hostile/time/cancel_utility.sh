# Cancelling a busy utility.
# limit: wall_clock=none
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
cat /dev/zero > /dev/null
