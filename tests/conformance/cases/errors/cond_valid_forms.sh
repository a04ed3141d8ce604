# check-stderr
[[ a ]] && echo n
[[ ( a == a ) && ! -z b ]] && echo p
[[ a =~ (x|a) ]] && echo r
[[ -f nosuch || a < b ]] && echo lt
[[
  a == a
]] && echo nl
