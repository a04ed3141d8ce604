# Written before a command, an array assignment binds no array: the
# command sees the expanded elements' text in parentheses.
f() { declare -p B; echo "count ${#B[@]}"; }
B=(b "c d" $((1+1))) f
declare -p B 2>&1 || echo "B unset after"
B=([1]=x) printenv B
B=(a) B+=(c) env | grep '^B='
B=(a) B+=([2]+=c) printenv B
C=x; C+=y printenv C
C=a C+=b printenv C
unset C; C+=q printenv C
echo "C after: ${C-unset}"
