[[ a.c =~ "a.c" ]] && echo lit1
[[ abc =~ "a.c" ]] || echo lit2
[[ abc =~ a.c ]] && echo re
re='^a(b|x)c$'
[[ abc =~ $re ]] && echo var
