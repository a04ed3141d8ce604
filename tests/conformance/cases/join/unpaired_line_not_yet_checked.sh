# check-stderr
printf 'b\na\n' > x; printf 'c\n' > y
join -a1 x y; echo "status $?"
printf '1\n3\n2\n' > x; printf '0\n1\n' > y
join x y; echo "status $?"
