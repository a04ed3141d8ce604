eval false
echo $?
eval
echo $?
