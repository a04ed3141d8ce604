# check-stderr
read -t abc x <<< hi
echo "status=$?"
