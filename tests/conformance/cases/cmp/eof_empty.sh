# check-stderr
: > e; printf 'x\n' > f
cmp e f; echo "status $?"
