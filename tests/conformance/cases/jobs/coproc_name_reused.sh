coproc A { cat; }
coproc A { tr a-z A-Z; } 2>/dev/null
echo hi >&"${A[1]}"
eval "exec ${A[1]}>&-"
read -r l <&"${A[0]}"
echo "$l"
