# check-stderr
printf 'a\n\0b\n' > bin
unix2dos bin; echo "status $?"
od -c bin
