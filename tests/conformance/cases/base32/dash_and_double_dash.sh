# check-stderr
printf 'stdin\n' | base32 -
printf 'dash file\n' > -f
base32 -- -f
base32 a b; echo "status $?"
