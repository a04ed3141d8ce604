# check-stderr
printf 'abc' > a
sha1sum nosuch a; echo "status $?"
