# check-stderr
tar f a.tar; echo "status $?"
tar cf a.tar; echo "status $?"
