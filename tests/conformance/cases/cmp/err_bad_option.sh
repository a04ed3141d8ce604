# check-stderr
cmp --bogus a b; echo "status $?"
cmp; echo "status $?"
