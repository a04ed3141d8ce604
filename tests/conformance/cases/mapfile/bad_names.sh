# check-stderr
mapfile '' < /dev/null
echo "status=$?"
mapfile 1x < /dev/null
echo "status=$?"
readarray -z
echo "status=$?"
