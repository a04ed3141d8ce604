false &
sleep 0.3
jobs
wait
