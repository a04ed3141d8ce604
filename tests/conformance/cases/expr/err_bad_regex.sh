# check-stderr
expr a : '\('; echo "status $?"
