# check-stderr
realpath --relative-to=. nodir/new; echo "status $?"
