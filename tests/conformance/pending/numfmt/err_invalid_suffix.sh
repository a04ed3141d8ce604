# check-stderr
numfmt --from=si 1Q; echo "status $?"
