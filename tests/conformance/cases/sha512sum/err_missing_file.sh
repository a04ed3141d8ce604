# check-stderr
printf 'abc' > a
sha512sum nosuch a; echo "status $?"
