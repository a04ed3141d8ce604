# check-stderr
set -x
echo a b
x=1
echo "$x"
set +x
echo quiet
