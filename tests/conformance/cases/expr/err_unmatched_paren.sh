# check-stderr
expr \( 1 + 2; echo "status $?"
