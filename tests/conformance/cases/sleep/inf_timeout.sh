timeout 0.2 sleep inf; echo "[$?]"
timeout 0.2 sleep infinity; echo "[$?]"
