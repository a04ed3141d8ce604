# check-stderr
echo before
[[ -f ]]
echo after
