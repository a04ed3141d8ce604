# Cancelling a `read` on a silent pipe.
# limit: wall_clock=none
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
sleep 1000 | read -r x
