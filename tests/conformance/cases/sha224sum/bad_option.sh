# check-stderr
sha224sum -x; echo "status $?"
sha224sum --bogus f; echo "status $?"
