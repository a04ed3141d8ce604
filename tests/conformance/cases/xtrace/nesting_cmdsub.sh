# check-stderr
set -x
x=$(echo inner)
echo "$x"
