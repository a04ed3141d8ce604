# check-stderr
printf 'b\na\n' > x; printf 'a\nb\n' > y
comm x y; echo "status $?"
