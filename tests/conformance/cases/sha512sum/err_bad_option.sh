# check-stderr
sha512sum --bogus; echo "status $?"
