[ a \< b ] && echo lt
[ b \> a ] && echo gt
