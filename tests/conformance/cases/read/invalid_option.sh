# check-stderr
read -z x <<< hi
echo "status=$?"
