! false | false
echo "status=$?"
! true
echo "status=$?"
