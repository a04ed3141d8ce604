sleep 0.2 &
jobs
wait
