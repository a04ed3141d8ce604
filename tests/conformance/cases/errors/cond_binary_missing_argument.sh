# check-stderr
false
[[ a < ]]
echo after
