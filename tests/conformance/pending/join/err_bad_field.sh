# check-stderr
printf '1\n' > x
join -1 0 x x; echo "status $?"
