# check-stderr
printf 'a\r\n\0b\r\n' > bin
dos2unix bin; echo "status $?"
od -c bin
