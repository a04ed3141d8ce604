caller
echo "status=$?"
