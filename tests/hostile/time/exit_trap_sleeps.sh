# The EXIT trap sleeps after the body was stopped: the trap's own small
# budget (1 s) ends it, and the first stop is the one reported.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout: trap started
# expect-max-seconds: 2.5
trap 'echo trap started; sleep 1000' EXIT
sleep 1000
