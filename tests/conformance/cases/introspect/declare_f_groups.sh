f() { (a; b); { c; d; }; (( x = 1 + 2 )); ((y++)); [[ -f x && ( a == b || ! -n $c ) ]]; [[ $a =~ ^x ]]; }
g() { (echo) >x; if a; then :; fi >y; { h; } 2>/dev/null; while read l; do echo "$l"; done < file; }
declare -f f g
