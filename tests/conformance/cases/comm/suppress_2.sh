printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm -2 x y | sed -n l
