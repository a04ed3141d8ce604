# A sleep longer than any Duration: no overflow, no panic, the wall clock
# ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
sleep 1e30 99999999999999999999d
