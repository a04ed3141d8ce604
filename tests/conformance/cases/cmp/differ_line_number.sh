printf 'a\nb\nc\nxyz\n' > f1; printf 'a\nb\nc\nxyZ\n' > f2
cmp f1 f2; echo "status $?"
