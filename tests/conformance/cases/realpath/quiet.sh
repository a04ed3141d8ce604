# check-stderr
realpath -q --relative-to=. nodir/x; echo "status $?"
