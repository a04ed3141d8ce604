echo a | exit 5
echo "status=$? still here"
