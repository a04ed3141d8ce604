# `yes` writes into an output process substitution that never reads: the
# pipe fills and `yes` waits until the wall clock stops the run.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
yes > >(sleep 1000)
