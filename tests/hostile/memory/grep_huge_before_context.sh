# `grep -B` with a near-infinite count keeps every non-matching line of an
# endless stream: the lines kept are charged to the memory budget (a
# running total, not summed anew per line, which was quadratic and ran
# into the wall clock instead), so the memory limit stops it at once.
# expect-stop: memory
yes | grep -B 999999999999 nomatch
