declare -A stock=([apple]=5 [pear]=0 [plum]=12)
restock() { stock[$1]=$(( ${stock[$1]:-0} + $2 )); }
restock pear 4
restock kiwi 2
for item in $(printf '%s\n' "${!stock[@]}" | sort); do
  (( stock[$item] > 3 )) && status=ok || status=low
  printf '%-6s %3d %s\n' "$item" "${stock[$item]}" "$status"
done
