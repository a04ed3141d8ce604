# `sleep 1000` ends at the wall clock, within 100 ms (500 ms allowed).
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
# expect-min-seconds: 0.9
sleep 1000
