# check-stderr
mkdir d; printf 'x' > f
sum d f; echo "status $?"
sum -s d; echo "status $?"
