# check-stderr
# unset NAME without -v unsets the function NAME when no variable has it;
# unset -v never touches functions.
f() { echo "f runs"; }
unset f
f
echo "status: $?"
g() { echo "g runs"; }
g=value
unset g
echo "g=$g"
g
unset g
g
echo "status: $?"
h() { echo "h runs"; }
unset -v h
h
