true &
sleep 0.1
sleep 0.3 &
jobs
wait
