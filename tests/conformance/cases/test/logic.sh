[ ! -e nosuch ] && echo not
[ a = a -a b = b ] && echo and
[ a = b -o b = b ] && echo or
[ \( a = a \) ] && echo paren
[ ! a = b ] && echo not-eq
