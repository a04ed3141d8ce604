false | true
echo $?
true | false
echo $?
