# check-stderr
mkdir d; cd d; rmdir .; echo "status $?"
