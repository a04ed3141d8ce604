# Forty background jobs against the per-shell maximum of 16 running jobs:
# the extra ones are refused with bash's fork error, and the ones that run
# end with the run.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-max-seconds: 1.5
for i in {1..40}; do sleep 1000 & done
wait
