# check-stderr
# At the top level `declare -n r=r` is an error and makes nothing; a
# reference without a target may still be given its own name.
declare -n r=r
echo "status $?"
declare -p r
declare -n q
q=q
echo "status $?"
declare -p q
f() { declare -gn w=w; echo "status $?"; }
f
declare -p w
