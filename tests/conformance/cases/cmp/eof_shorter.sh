# check-stderr
printf 'abc' > f1; printf 'abcdef' > f2
cmp f1 f2; echo "status $?"
cmp f2 f1; echo "status $?"
