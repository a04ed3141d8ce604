# check-stderr
mapfile -O -1 arr < /dev/null
echo "status=$?"
mapfile -c 0 -C echo arr < /dev/null
echo "status=$?"
mapfile -s x arr < /dev/null
echo "status=$?"
