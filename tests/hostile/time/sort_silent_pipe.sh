# sort waiting for the end of an input that never ends.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
sleep 1000 | sort
