! ! false
echo "status=$?"
