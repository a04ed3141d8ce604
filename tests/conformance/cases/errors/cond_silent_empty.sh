# check-stderr
false
[[ ]]
echo after
