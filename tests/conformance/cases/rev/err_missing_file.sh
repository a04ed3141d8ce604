# check-stderr
printf 'ab\n' > a
rev nosuch a; echo "status $?"
