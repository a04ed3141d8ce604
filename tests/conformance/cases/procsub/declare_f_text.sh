f() { cat <(echo a; echo b) < <(x | y) <(if true; then echo; fi) >(while read l; do echo "$l"; done; echo z &) <(a && b || c) x<(y)z; }
declare -f f
g() { diff <(sort a) <(sort b) 2> >(cat >&2); }
declare -f g
h() { cat <(echo a) >(cat) --x=<(true) <<< x; }
declare -f h
