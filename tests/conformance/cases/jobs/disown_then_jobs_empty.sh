sleep 0.2 &
disown %1
jobs
echo "listed: $(jobs | wc -l)"
