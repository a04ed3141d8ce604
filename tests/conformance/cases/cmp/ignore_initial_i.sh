printf 'XXabc' > f1; printf 'Yabc' > f2
cmp -i 2:1 f1 f2; echo "status $?"
cmp -i 1 f1 f2; echo "status $?"
