# check-stderr
which -x; echo "status $?"
