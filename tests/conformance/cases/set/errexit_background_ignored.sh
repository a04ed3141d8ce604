set -e
false &
wait $! || echo "bg status $?"
echo survived
