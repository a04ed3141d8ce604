# check-stderr
numfmt abc; echo "status $?"
