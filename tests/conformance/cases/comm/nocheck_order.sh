# check-stderr
printf 'b\na\n' > x; printf 'a\nb\n' > y
comm --nocheck-order x y; echo "status $?"
