# Sixteen sleeping jobs and a wait.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
for i in {1..16}; do sleep 1000 & done
wait
