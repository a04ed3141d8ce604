[ -z "" ] && echo z
[ -n a ] && echo n
[ a = a ] && echo eq
[ a != b ] && echo ne
test abc && echo nonempty
[ "" ] || echo empty
