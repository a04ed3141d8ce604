printf 'a\na\nb\n' > x; printf 'a\nb\nb\n' > y
comm x y | sed -n l
