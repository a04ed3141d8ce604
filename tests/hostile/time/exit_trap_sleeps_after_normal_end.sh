# The body ends normally and the EXIT trap sleeps: the run's wall clock
# still applies to the trap.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout: body
# expect-max-seconds: 1.5
trap 'sleep 1000' EXIT
echo body
