# A bare `wait` waits only for this session's jobs, never the other's
# (which sleep for 2 s).
# peer: sleep 2 & sleep 2 & true
# expect-stop: none
# expect-stdout: waited
# expect-max-seconds: 1
wait
echo waited
