printf 'a\nb\nd\n' > x; printf 'b\nc\nd\n' > y
comm --output-delimiter=' | ' x y
