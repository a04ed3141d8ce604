# A busy loop with its budgets out of the way.
# limit: wall_clock=1 max_commands=1G max_loop_iterations=1G
# expect-stop: timeout
# expect-max-seconds: 1.5
while :; do :; done
