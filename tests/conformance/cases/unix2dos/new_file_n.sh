# check-stderr
printf 'a\nb\n' > in
unix2dos -n in out; echo "status $?"
od -c in; od -c out
