# check-stderr
mkdir d; printf 'a\n' > x
paste -s d x; echo "status $?"
paste d x; echo "status $?"
