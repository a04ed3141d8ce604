# check-stderr
ln -s missing dang
readlink -e dang; echo "status $?"
