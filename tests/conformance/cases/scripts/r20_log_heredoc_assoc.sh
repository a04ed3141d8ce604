# log processing: while read over a here-document, arrays and associative arrays
declare -A hits bytes status_count
declare -a errors=()
while read -r ip method path code size; do
  [[ -z $ip || $ip == \#* ]] && continue
  (( hits[$ip]++ ))
  (( bytes[$ip] += size ))
  (( status_count[$code]++ ))
  (( code >= 500 )) && errors+=("$method $path ($code)")
done <<'LOG'
# ip method path code size
10.0.0.1 GET /index.html 200 512
10.0.0.2 GET /api/users 500 0
10.0.0.1 POST /api/login 200 128

10.0.0.3 GET /missing 404 64
10.0.0.2 GET /api/users 503 0
10.0.0.1 GET /style.css 200 2048
LOG
echo "unique clients: ${#hits[@]}"
for ip in $(printf '%s\n' "${!hits[@]}" | sort); do
  printf '%-10s hits=%d bytes=%d\n' "$ip" "${hits[$ip]}" "${bytes[$ip]}"
done
for code in $(printf '%s\n' "${!status_count[@]}" | sort -n); do
  echo "status $code: ${status_count[$code]}"
done
echo "server errors: ${#errors[@]}"
for i in "${!errors[@]}"; do echo "  [$i] ${errors[i]}"; done
re='^\[([a-z]+)\] ([a-z-]+): (.*)$'
declare -A by_level
while IFS= read -r entry; do
  [[ $entry =~ $re ]] || { echo "unparsed: '$entry'"; continue; }
  by_level[${BASH_REMATCH[1]}]+="${BASH_REMATCH[2]} "
done <<'APP'
[warn] disk-check: 91% used
[info] cron: job started
garbage line
[warn] mem-check: swap in use
APP
for lvl in info warn; do echo "$lvl -> ${by_level[$lvl]% }"; done
