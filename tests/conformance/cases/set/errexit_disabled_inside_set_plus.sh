set -e
set +e
false
echo "status=$?"
