# check-stderr
set -u
echo start
let "y = nope + 1"
echo "not reached"
