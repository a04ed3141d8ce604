# check-stderr
exec {x}>&-
echo "status=$?"
x=55
exec {x}>&-
echo "status=$?"
readonly r=1
exec {r}>zz
echo "status=$? r=$r"
