sleep 0.2 &
echo "running: $(jobs -r | wc -l)"
echo "stopped: $(jobs -s | wc -l)"
wait
