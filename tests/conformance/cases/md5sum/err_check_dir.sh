# check-stderr
mkdir d
md5sum d; echo "status $?"
