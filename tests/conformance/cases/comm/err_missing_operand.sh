# check-stderr
printf 'a\n' > x
comm x; echo "status $?"
