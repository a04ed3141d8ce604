printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm -23 x y
