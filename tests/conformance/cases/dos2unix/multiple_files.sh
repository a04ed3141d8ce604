# check-stderr
printf '1\r\n' > a; printf '2\r\n' > 'b c'
dos2unix a 'b c'; echo "status $?"
od -c a 'b c'
