# check-stderr
printf 'a' | od -A z; echo "status $?"
