printf 'a\nb\n' > x; printf 'b\nc\n' > y
comm --total x y | sed -n l
