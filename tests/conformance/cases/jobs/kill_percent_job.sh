sleep 0.2 &
p=$!
kill %1
wait $p
echo "status=$?"
