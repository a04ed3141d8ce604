printf 'abc\n' > f1; printf 'abd\n' > f2
cmp f1 f2; echo "status $?"
