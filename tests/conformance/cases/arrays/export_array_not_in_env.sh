# An exported array stays out of the environment of commands, though
# export -p lists it.
a=(1 2)
export a
declare -A m=([k]=v)
export m
s=scalar
export s
printenv a m s
echo "printenv: $?"
export -p | grep -E ' (a|m|s)='
env | grep -E '^(a|m|s)='
