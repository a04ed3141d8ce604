# check-stderr
expr 9223372036854775807 + 1; echo "status $?"
