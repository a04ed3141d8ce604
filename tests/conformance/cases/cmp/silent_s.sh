printf 'a' > f1; printf 'b' > f2
cmp -s f1 f2; echo "status $?"
cmp -s f1 f1; echo "status $?"
cmp --quiet f1 f2; echo "status $?"
