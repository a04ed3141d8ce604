# check-stderr
printf 'x' > f
stat -c '%n %s' f nosuch f; echo "status $?"
