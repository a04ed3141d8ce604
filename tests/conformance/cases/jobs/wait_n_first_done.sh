(sleep 0.1; exit 7) &
wait -n
echo "status=$?"
