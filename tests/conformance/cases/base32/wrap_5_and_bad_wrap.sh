# check-stderr
printf 'hello world' | base32 -w 5
printf 'hello world' | base32 --wrap=0; echo
printf 'x' | base32 -w -1; echo "status $?"
printf 'x' | base32 -w abc; echo "status $?"
