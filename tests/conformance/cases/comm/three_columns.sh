printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm x y | sed -n l
