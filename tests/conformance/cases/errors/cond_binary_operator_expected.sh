# check-stderr
echo before
false
[[ a b ]]
echo after
