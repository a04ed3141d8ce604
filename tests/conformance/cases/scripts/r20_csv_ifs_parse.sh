# CSV parsing with IFS: read -a, header mapping, empty fields, totals per group
mkdir -p data
cat > data/sales.csv <<'CSV'
region,rep,units,price
north,alice,10,2.50
south,bob,,4.00
north,carol,7,3.00
east,dave,3,10.00
south,erin,5,4.00
CSV
declare -A col total_units revenue_cents
IFS=, read -r -a header < data/sales.csv
for i in "${!header[@]}"; do col[${header[i]}]=$i; done
echo "columns: ${header[*]} (${#header[@]})"
line_no=0
while IFS=, read -r -a f; do
  (( line_no++ == 0 )) && continue
  region=${f[col[region]]} units=${f[col[units]]:-0} price=${f[col[price]]}
  cents=$(( 10#${price%.*} * 100 + 10#${price#*.} ))
  (( total_units[$region] += units ))
  (( revenue_cents[$region] += units * cents ))
  [[ -z ${f[col[units]]} ]] && echo "warning: line $line_no (${f[1]}) has no units"
done < data/sales.csv
for r in $(printf '%s\n' "${!total_units[@]}" | sort); do
  c=${revenue_cents[$r]}
  printf '%-6s units=%3d revenue=%d.%02d\n' "$r" "${total_units[$r]}" $((c / 100)) $((c % 100))
done
old_ifs=$IFS
IFS=';'
set -- $(echo 'a;b;;d')
IFS=$old_ifs
echo "split gives $# fields: [$1] [$2] [$3] [$4]"
IFS=: read -r user _ shell <<< 'root:x:/bin/sh:extra'
echo "user=$user shell=$shell"
