# check-stderr
printf '2 b\n1 a\n' > x; printf '1 A\n2 B\n' > y
join x y; echo "status $?"
