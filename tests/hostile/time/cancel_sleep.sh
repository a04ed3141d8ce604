# The host cancels `sleep 1000` from another thread after 0.3 s: the run
# ends within 100 ms (500 ms allowed).
# limit: wall_clock=none
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
sleep 1000
