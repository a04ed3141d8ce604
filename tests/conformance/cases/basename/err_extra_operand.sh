# check-stderr
basename a b c; echo "status $?"
