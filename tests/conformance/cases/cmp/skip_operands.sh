printf '12345abc' > f1; printf 'abc' > f2
cmp f1 f2 5 0; echo "status $?"
