sleep 0.2 &
kill %1
wait %1
echo "status=$?"
