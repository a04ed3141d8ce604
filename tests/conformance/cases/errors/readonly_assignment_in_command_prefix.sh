# check-stderr
readonly R=1
R=2 echo hi
echo "status=$?"
