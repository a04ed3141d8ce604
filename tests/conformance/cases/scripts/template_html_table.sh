rows=("apple:3" "banana:12" "cherry:7")
printf '<table>\n'
for r in "${rows[@]}"; do
  IFS=: read -r fruit n <<< "$r"
  printf '  <tr><td>%s</td><td>%3d</td></tr>\n' "$fruit" "$n"
done
printf '</table>\n'
