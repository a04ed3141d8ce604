(sleep 0.1; exit 9) &
wait %1
echo "status=$?"
