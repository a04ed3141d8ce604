printf 'abcdef' > f1; printf 'abcXYZ' > f2
cmp -n 3 f1 f2; echo "status $?"
cmp -n 4 f1 f2; echo "status $?"
