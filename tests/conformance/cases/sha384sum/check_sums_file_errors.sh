# check-stderr
sha384sum -c nosuch; echo "status $?"
mkdir d
sha384sum -c d; echo "status $?"
