# check-stderr
jobs %2
echo "status=$?"
