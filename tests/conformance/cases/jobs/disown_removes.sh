sleep 0.2 &
disown
jobs
echo "count=$(jobs | wc -l)"
