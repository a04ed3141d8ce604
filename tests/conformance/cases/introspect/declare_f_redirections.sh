f() { echo hi >&2; echo a 2>&1 >/dev/null; cat < in > out 2>>err; echo x &>/dev/null; read -r l <<< "$x"; exec 3<&-; cat <> f 3<>g; echo >&$fd; echo <&3 >&-; echo 1>&2-; cmd 3<<<y; }
declare -f f
