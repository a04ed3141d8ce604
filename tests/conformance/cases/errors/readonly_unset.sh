# check-stderr
readonly R=1
unset R
echo "status=$?"
