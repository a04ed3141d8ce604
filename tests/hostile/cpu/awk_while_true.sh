# An awk loop with an empty body: the evaluator checks the run's clock in
# every loop, so the wall clock ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
awk 'BEGIN { while (1); }'
