time ! false 2>/dev/null
echo "status=$?"
