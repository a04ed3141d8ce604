# check-stderr
printf 'a\n' > a
tar cf a.tar a nosuch; echo "status $?"
tar tf a.tar
