sleep 0.2 &
sleep 0.2 &
jobs
wait
