# formatted report: printf widths and precision, printf -v, %q, %b, %x, %c, %%, arrays of records
records=(
  "widget|4|3.5|in stock"
  "gadget|12|10.25|low"
  "thingamajig|0|99.999|discontinued"
  "doohickey|150|0.1|in stock"
)
printf -v rule '%.0s-' {1..44}
printf '%-12s %5s %9s  %s\n' NAME QTY VALUE STATUS
echo "$rule"
grand=0
for r in "${records[@]}"; do
  IFS='|' read -r name qty price status <<< "$r"
  value=$(awk -v q="$qty" -v p="$price" 'BEGIN { printf "%.2f", q * p }')
  (( ${#name} > 10 )) && name="${name:0:9}~"
  printf '%-12s %5d %9s  %s\n' "$name" "$qty" "$value" "$status"
  grand=$(awk -v g="$grand" -v v="$value" 'BEGIN { printf "%.2f", g + v }')
done
echo "$rule"
printf '%-12s %5s %9s\n' TOTAL '' "$grand"
printf '%s=%q\n' weird 'a b$c' tab $'x\ty'
printf 'esc: %b|\n' 'one\ttwo' 'bell-less\\n'
printf 'hex=%x HEX=%X oct=%o char=%c pct=100%%\n' 255 255 8 word
printf '%05.1f|%-6.2s|%+d|% d\n' 3.14159 abcdef 7 7
printf '[%s]\n' one two three
printf '%s-%s\n' a b c
printf 'missing args: [%s] [%d]\n'
