# Cancelling a `wait` on a job that never ends.
# limit: wall_clock=none
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
sleep 1000 &
wait
