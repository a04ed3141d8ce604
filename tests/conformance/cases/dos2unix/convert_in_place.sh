# check-stderr
printf 'a\r\nb\r\nc\r\n' > f
dos2unix f; echo "status $?"
od -c f
