# A sleep inside nested subshells.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
( { (sleep 1000); } )
