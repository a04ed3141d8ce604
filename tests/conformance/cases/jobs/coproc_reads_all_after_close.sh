coproc SORTER { sort -r; }
printf '%s\n' b c a >&"${SORTER[1]}"
eval "exec ${SORTER[1]}>&-"
while read -r l; do echo "got $l"; done <&"${SORTER[0]}"
wait
