exec {a}>o1 {b}>o2
(( a >= 10 && b == a + 1 )) && echo "named from 10 up"
p=$(echo <(true))
[[ $p == /dev/fd/* && ${p#/dev/fd/} != "$a" && ${p#/dev/fd/} != "$b" ]] && echo "procsub apart: $p"
while read -r l; do echo "got $l"; done < <(echo "written to a" >&"$a"; exec {c}>o3; (( c != a && c != b )) && echo "c apart")
cat o1
cat <(echo one) <(echo two)
exec {d}>o4
(( d == b + 1 )) && echo "d next"
exec {a}>&- {b}>&- {d}>&-
