# check-stderr
# A prefix assignment to an array element (b[0]=2 cmd) is not a valid
# identifier: bash says so and runs the command without it.
a=1 b[0]=2 c=3 printenv a b c
echo "status: $? b=${b[0]-unset}"
f() { echo "in f: ${b[0]-unset} ${d[1]-unset} $x"; }
b[0]=5 d[1]=6 x=ok f
echo "after: ${b[0]-unset} ${d[1]-unset} ${x-unset}"
e[0]=7 :
echo "e=${e[0]-unset}"
h[0]=1 true
echo "true: $?"
