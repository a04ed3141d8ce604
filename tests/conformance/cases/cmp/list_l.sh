printf 'abcdef' > f1; printf 'aXcdYf' > f2
cmp -l f1 f2; echo "status $?"
