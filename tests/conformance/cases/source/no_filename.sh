# check-stderr
source
echo "status=$?"
