# check-stderr
true
[[ a -eq b c ]]
echo after
