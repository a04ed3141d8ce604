# Two long random files over ten distinct lines: every line matches
# thousands of others, nothing is discarded, and the minimal edit script
# costs tens of thousands of edits (Myers' search is O(N*D)). The search
# checks the run's clock at every edit step, so the wall clock ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
awk 'BEGIN { srand(1); for (i = 0; i < 60000; i++) print int(rand() * 10) }' > a
awk 'BEGIN { srand(2); for (i = 0; i < 60000; i++) print int(rand() * 10) }' > b
diff a b > /dev/null
