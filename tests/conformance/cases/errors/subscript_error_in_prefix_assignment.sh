# check-stderr
f() { echo "f ran"; }
a[2/0]=x f
echo "not reached"
