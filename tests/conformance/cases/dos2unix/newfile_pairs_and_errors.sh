# check-stderr
printf '1\r\n' > a; printf '2\r\n' > b
dos2unix -n a a2 b b2; echo "status $?"
od -c a2 b2
dos2unix -n a; echo "status $?"
dos2unix -n nosuch out; echo "status $?"
