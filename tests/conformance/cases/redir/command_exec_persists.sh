# check-stderr
# command exec with only redirections keeps them, as exec does;
# builtin exec does not.
command exec 3>f
echo hi >&3
cat f
builtin exec 4>g
echo x >&4
echo "status $?"
