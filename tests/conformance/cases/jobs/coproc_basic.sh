coproc cat
echo hello >&"${COPROC[1]}"
read -r line <&"${COPROC[0]}"
echo "$line"
exec {COPROC[1]}>&-
wait
