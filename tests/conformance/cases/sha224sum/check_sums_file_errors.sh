# check-stderr
sha224sum -c nosuch; echo "status $?"
mkdir d
sha224sum -c d; echo "status $?"
