# check-stderr
printf 'A\nb\n' > x; printf 'a\nB\n' > y
comm x y; echo "status $?"
