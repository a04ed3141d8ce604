# check-stderr
break
echo "status $?"
