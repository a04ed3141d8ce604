# check-stderr
printf 'a\n' > a
base64 a a; echo "status $?"
