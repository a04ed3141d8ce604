time -p false | true 2>/dev/null
echo "status=$?"
