# check-stderr
return
echo "status $?"
