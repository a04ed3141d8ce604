# check-stderr
printf 'a\r\n' > f; printf 'b\r\n' > g
dos2unix -o f g; echo "status $?"
od -c f g
printf 'c\r\n' | dos2unix -o | od -c
