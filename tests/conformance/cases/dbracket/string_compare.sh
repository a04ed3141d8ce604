[[ a < b ]] && echo lt
[[ b > a ]] && echo gt
[[ 10 > 9 ]] || echo string-compare
