# check-stderr
printf 'x' | cksum -a nope; echo "status $?"
