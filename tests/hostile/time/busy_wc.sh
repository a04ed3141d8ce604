# wc counting /dev/zero forever.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
wc -c /dev/zero
