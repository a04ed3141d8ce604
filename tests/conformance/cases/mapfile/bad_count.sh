# check-stderr
mapfile -n x arr < /dev/null
echo "status=$?"
