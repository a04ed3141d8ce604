# check-stderr
set -q
echo "status=$?"
set +o nosuch
echo "status=$?"
set -- a b
set -
echo "$# $*"
