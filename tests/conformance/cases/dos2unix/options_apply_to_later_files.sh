# check-stderr
printf 'a\r\n' > f; printf 'a\r\n' > g
dos2unix f -q g; echo "status $?"
printf 'a\r' > m; printf 'a\r' > n
dos2unix m -c mac n; od -c m n
printf 'b\r\n' > h
dos2unix f -n h h2 -o g; echo "status $?"; od -c h2
dos2unix nosuch -q f; echo "status $?"
dos2unix -q nosuch -v f; echo "status $?"
