printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm -12 x y
