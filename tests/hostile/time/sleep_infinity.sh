# `sleep infinity` (GNU sleep accepts it) ends at the wall clock.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
sleep infinity
