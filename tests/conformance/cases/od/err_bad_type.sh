# check-stderr
printf 'a' | od -t q; echo "status $?"
