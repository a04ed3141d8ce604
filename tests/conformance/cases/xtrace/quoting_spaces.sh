# check-stderr
set -x
echo 'a b' "c" ''
