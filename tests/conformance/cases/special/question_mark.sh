true
echo $?
false
echo $?
(exit 9)
echo $?
echo $?
