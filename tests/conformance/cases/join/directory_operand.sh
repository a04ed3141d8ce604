# check-stderr
mkdir d; printf 'a\n' > x
join x d; echo "status $?"
