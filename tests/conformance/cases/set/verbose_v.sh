# check-stderr
set -v
echo hi
x=1
