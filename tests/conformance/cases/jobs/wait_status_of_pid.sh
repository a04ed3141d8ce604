(exit 5) &
p=$!
wait $p
echo "status=$?"
