sh -c 'kill -TERM $$'
echo "status=$?"
