printf 'a\n' > x; printf 'b\n' > y
comm -123 x y; echo "status $?"
