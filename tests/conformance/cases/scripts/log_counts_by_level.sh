cat > app.log <<'EOF'
2024-01-01 10:00:00 INFO started
2024-01-01 10:00:01 WARN disk low
2024-01-01 10:00:02 INFO request ok
2024-01-01 10:00:03 ERROR request failed
2024-01-01 10:00:04 INFO request ok
EOF
declare -A count
while read -r _date _time level msg; do
  count[$level]=$(( ${count[$level]:-0} + 1 ))
done < app.log
for level in $(printf '%s\n' "${!count[@]}" | sort); do
  printf '%-6s %d\n' "$level" "${count[$level]}"
done
