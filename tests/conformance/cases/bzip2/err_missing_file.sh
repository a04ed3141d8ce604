# check-stderr
bzip2 nosuch; echo "status $?"
