# check-stderr
printf 'a\r\nb\r\n' > in
dos2unix -n in out; echo "status $?"
od -c in; od -c out
