false || false
echo $?
true && false
echo $?
false && true
echo $?
