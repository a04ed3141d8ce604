coproc cat
echo hello >&"${COPROC[1]}"
read -r line <&"${COPROC[0]}"
echo "$line"
eval "exec ${COPROC[1]}>&-"
wait
echo "status=$?"
