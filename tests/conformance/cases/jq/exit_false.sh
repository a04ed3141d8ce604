echo 'false' | jq -e .
echo "status=$?"
echo 'null' | jq -e .
echo "status=$?"
echo '1 null' | jq -e .
echo "status=$?"
echo 'null 1' | jq -e .
echo "status=$?"
