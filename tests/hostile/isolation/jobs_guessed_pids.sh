# Guessed job ids and pids around this session's own do not reach the
# other session's jobs.
# peer: sleep 2 & echo $! > /dev/null
# limit: max_commands=10000
# expect-stop: none
# expect-stdout: 0
# expect-max-seconds: 1.5
n=0
for p in $(seq 900 1300) %1 %2 %+ %-; do
  wait "$p" 2>/dev/null && ((n++))
done
echo "$n"
