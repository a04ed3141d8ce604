# check-stderr
printf 'a\n' > x
comm x nosuch; echo "status $?"
