# check-stderr
printf 'a\r\nb\r\n' > f
dos2unix -q f; echo "status $?"
od -c f
