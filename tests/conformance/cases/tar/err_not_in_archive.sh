# check-stderr
printf 'a\n' > a
tar cf a.tar a
tar xf a.tar nope; echo "status $?"
