# check-stderr
readonly R=1
declare R=3
echo "status=$?"
