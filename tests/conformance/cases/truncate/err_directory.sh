# check-stderr
mkdir d
truncate -s 0 d; echo "status $?"
