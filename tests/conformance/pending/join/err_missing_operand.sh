# check-stderr
printf '1\n' > x
join x; echo "status $?"
