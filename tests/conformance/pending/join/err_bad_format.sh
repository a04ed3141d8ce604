# check-stderr
printf '1\n' > x
join -o 3.1 x x; echo "status $?"
