# `od` of /dev/zero: an endless input whose blocks are all equal, so after
# the first line and the `*` od prints nothing more and would read forever.
# The wall clock stops it; what it printed is kept.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout: 0000000 000000 000000 000000 000000 000000 000000 000000 000000
# expect-stdout: *
# expect-max-seconds: 2.5
od /dev/zero
