# check-stderr
false
[[ ( a == b ]]
echo after
