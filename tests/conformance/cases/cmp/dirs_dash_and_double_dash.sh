# check-stderr
mkdir d; printf 'abc' > f; printf 'abd' > -a
cmp d f; echo "status $?"
cmp f d; echo "status $?"
cmp -- -a f; echo "status $?"
printf 'abc' | cmp -s - f; echo "status $?"
cmp -sn2 -- -a f; echo "status $?"
