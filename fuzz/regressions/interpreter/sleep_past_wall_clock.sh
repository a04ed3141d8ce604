sleep 100 &
wait
