count_lines() {
  local n=0 line
  while IFS= read -r line; do n=$((n + 1)); done < <(printf '%s\n' "$@")
  echo "$n"
}
count_lines a b c
total=0
while read -r a b; do total=$((total + a * b)); done < <(printf '2 3\n4 5\n')
echo "total=$total"
