# check-stderr
numfmt --to=foo 1; echo "status $?"
