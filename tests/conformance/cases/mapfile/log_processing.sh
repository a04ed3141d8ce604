cat > app.log <<'EOF'
2024-01-01 INFO start
2024-01-01 WARN disk 80%
2024-01-02 ERROR disk full
2024-01-02 INFO retry
2024-01-03 ERROR timeout
EOF
mapfile -t lines < app.log
declare -A count
for l in "${lines[@]}"; do
  read -r _ level _ <<< "$l"
  count[$level]=$(( ${count[$level]:-0} + 1 ))
done
for k in ERROR INFO WARN; do printf '%-5s %d\n' "$k" "${count[$k]}"; done
grep ERROR app.log | { mapfile -t errors; printf 'last error: %s\n' "${errors[-1]}"; }
readarray -t -s 1 -n 2 mid < app.log
printf '[%s]\n' "${mid[@]}"
