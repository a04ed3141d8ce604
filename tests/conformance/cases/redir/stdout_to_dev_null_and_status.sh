echo quiet > /dev/null
echo "status=$?"
