total=5
for ((i=1; i<=total; i++)); do
  pct=$(( i * 100 / total ))
  bar=$(printf '%*s' $((pct/20)) '' | tr ' ' '#')
  printf '[%-5s] %3d%%\n' "$bar" "$pct"
done
