# check-stderr
printf 'abc' > a
sha224sum nosuch a; echo "status $?"
