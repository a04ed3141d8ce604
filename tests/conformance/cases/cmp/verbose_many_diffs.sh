printf 'abcdefghijklmnop' > f1; printf 'ABCDefghIJKLmnop' > f2
cmp -l f1 f2; echo "status $?"
cmp -lb f1 f2
