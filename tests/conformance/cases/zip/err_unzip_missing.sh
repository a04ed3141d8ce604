# check-stderr
unzip nosuch.zip; echo "status $?"
