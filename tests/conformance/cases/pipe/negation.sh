! false
echo $?
! true
echo $?
! false | false
echo $?
