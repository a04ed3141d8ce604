# check-stderr
gzip --bogus; echo "status $?"
