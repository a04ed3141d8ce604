sleep 0.2 &
jobs -l | sed 's/[0-9][0-9]* Running/PID Running/'
wait
