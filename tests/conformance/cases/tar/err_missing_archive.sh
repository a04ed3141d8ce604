# check-stderr
tar xf nosuch.tar; echo "status $?"
tar tf nosuch.tar; echo "status $?"
