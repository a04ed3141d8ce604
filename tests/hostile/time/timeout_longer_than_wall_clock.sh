# `timeout` with a deadline far past the run's wall clock: its own
# deadline never loosens the run's, so the wall clock ends the run (and
# the command under timeout) as it would without timeout.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout-empty:
# expect-max-seconds: 2.5
timeout 1e9 sleep infinity
echo not reached
