# check-stderr
mapfile -z arr < /dev/null
echo "status=$?"
