f() { [[ a = b ]]; [[ a<b ]]; [[ x ]]; [[ ! -e f ]]; [[ $a =~ ^x+$ || "$b" != c* ]]; [[ 1 -lt 2 ]]; test a = b; [ -n "$x" ]; }
declare -f f
