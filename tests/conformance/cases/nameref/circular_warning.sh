# check-stderr
declare -n a=b b=a
echo "[$a]"
a=5; echo "not reached"
echo "status=$?"
f() { local -n r=$1; echo "${#r[@]}"; }
list=(1 2 3)
f list
