# check-stderr
trap 'echo "[$BASH_COMMAND] line $LINENO" >&2' DEBUG
x=1
echo "x is $x" > /dev/null
f() { echo in f; }
f
trap - DEBUG
echo after
