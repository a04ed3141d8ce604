# check-stderr
mkdir d; printf 'a\n' > x
comm d x; echo "status $?"
