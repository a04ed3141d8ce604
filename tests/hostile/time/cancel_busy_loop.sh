# Cancelling a busy loop with no budgets in the way.
# limit: wall_clock=none max_commands=1G max_loop_iterations=1G
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
while :; do :; done
