# check-stderr
printf 'a\n' > f; printf 'b\n' > 'g h'
unix2dos -o f 'g h'; echo "status $?"
od -c f 'g h'
