# Averages per department from a CSV file, header skipped with mapfile -s.
cat > data.csv <<'CSV'
name,dept,salary
alice,eng,120
bob,ops,90
carol,eng,130
dave,ops,85
erin,sales,70
CSV
mapfile -t -s 1 rows < data.csv
declare -A total count
for r in "${rows[@]}"; do
  IFS=, read -r name dept sal <<< "$r"
  (( total[$dept] += sal, count[$dept] += 1 ))
done
for d in eng ops sales; do
  printf '%-6s n=%d avg=%d\n' "$d" "${count[$d]}" $(( total[$d] / count[$d] ))
done
readarray -t -n 2 -O 10 top <<< "$(sort -t, -k3 -rn data.csv)"
printf '%s\n' "${!top[@]}" "${top[@]}"
