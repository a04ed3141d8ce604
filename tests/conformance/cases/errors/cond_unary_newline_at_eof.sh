# check-stderr
false
[[ -f
