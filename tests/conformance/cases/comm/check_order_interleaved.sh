# check-stderr
printf 'A\nb\n' > x; printf 'a\nB\n' > y
comm --check-order x y 2>&1; echo "status $?"
