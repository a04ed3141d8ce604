# check-stderr
# A list assigned to a reference without a target drops the reference
# and stores the list in the variable itself (with a warning).
declare -n q
q=(x y)
echo "status=$? q=$q"
declare -p q
declare -n u=zz
u=(p q)
declare -p zz u
