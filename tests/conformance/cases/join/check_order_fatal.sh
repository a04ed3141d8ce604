# check-stderr
printf 'b\na\n' > x; printf 'b\nc\n' > y
join --check-order x y; echo "status $?"
