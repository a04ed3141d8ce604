# check-stderr
set -x
echo data > f
cat < f
