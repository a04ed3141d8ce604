printf 'a\0b\0c' > f1; printf 'a\0b\1c' > f2
cmp f1 f2; echo "status $?"
cmp -l f1 f2
