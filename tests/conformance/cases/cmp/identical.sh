printf 'abc\n' > f1; printf 'abc\n' > f2
cmp f1 f2; echo "status $?"
