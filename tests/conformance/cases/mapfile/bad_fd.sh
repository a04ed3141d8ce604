# check-stderr
mapfile -u 7 arr
echo "status=$?"
mapfile -u x arr
echo "status=$?"
