# check-stderr
printf '1\n' > x
join -e E -e F x x; echo "status $?"
join -e E -e E -o 1.2 x x; echo "status $?"
