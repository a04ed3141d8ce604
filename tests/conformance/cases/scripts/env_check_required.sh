check() {
  local missing=() v
  for v in "$@"; do [[ -n ${!v-} ]] || missing+=("$v"); done
  if (( ${#missing[@]} )); then echo "missing: ${missing[*]}"; return 1; fi
  echo "all set"
}
DB_HOST=localhost
check DB_HOST DB_USER DB_PASS
DB_USER=app DB_PASS=secret
check DB_HOST DB_USER DB_PASS
