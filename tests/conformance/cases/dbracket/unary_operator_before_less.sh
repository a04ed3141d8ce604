# check-stderr
echo start
[[ -n < x ]]
echo "not reached"
