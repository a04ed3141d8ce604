# check-stderr
printf 'abc' > a
sha384sum nosuch a; echo "status $?"
