printf 'a\nb' > x; printf 'b' > y
comm x y | sed -n l
