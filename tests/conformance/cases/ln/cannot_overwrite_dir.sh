# check-stderr
mkdir d; ln -sfT a d; echo "status $?"
