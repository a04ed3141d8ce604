# `seq 1e12 > /dev/null`: a long computation with no output.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
seq 1e12 > /dev/null
