# check-stderr
readonly -x v
echo "status=$?"
readonly -Q
echo "status=$?"
