# check-stderr
numfmt --invalid=warn 1 x 2; echo "status $?"
