# check-stderr
# `declare -n name` on a variable that already has a value: the value is
# the target, so it must be a variable name; an array cannot become a
# reference. On failure the variable keeps its value and no attribute.
v='#'; declare -n v; echo "status=$? v=$v"
n=2; declare -n n; echo "status=$? n=$n"
e=; declare -n e; echo "status=$? e=[$e]"
w=target; target=T; declare -n w; echo "status=$? w=$w"
arr=(1 2); declare -n arr; echo "status=$?"
declare -p v n e w arr
f() { local -n loc; echo "local status=$?"; }
loc=3; f
