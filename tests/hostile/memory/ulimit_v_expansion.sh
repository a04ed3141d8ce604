# `ulimit -v 1024` then an endless stream captured by `$( )`: the lowered
# budget stops the capture long before the profile's memory limit would.
# profile: normal
# expect-stop: memory
# expect-max-seconds: 3
ulimit -v 1024
x=$(yes)
echo not reached
