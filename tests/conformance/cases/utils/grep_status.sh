echo abc | grep -q b
echo $?
echo abc | grep x
echo $?
