# check-stderr
printf 'b\na\n' > x; printf 'a\nb\n' > y
comm --check-order x y; echo "status $?"
