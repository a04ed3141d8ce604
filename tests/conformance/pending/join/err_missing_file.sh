# check-stderr
printf '1\n' > x
join x nosuch; echo "status $?"
