eval ''
echo "status=$?"
eval
echo "status=$?"
