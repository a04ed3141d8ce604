v=$'a b\tc\'d'
printf '%q\n' "$v"
eval "w=$(printf '%q' "$v")"
[ "$v" = "$w" ] && echo same
