# A sleep inside `$( )`.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
x=$(sleep 1000)
