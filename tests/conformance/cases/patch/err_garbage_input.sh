# check-stderr
printf 'this is not a patch\n' > p
printf 'a\n' > f
patch f < p; echo "status $?"
cat f
