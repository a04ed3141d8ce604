printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm -1 x y | sed -n l
