# check-stderr
gzip nosuch; echo "status $?"
gunzip nosuch.gz; echo "status $?"
