wait -n
echo "status=$?"
