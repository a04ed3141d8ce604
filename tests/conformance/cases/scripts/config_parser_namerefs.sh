# Parse an INI-like config into one associative array per section,
# reached through name references.
config='[server]
host = example.org
port=8080
[client]
retries = 3
name = "my app"'
sections=()
parse_ini() {
  local line section='' key value
  while IFS= read -r line; do
    line=${line%%#*}
    [[ -z ${line//[[:space:]]/} ]] && continue
    if [[ $line =~ ^\[([a-z]+)\]$ ]]; then
      section=${BASH_REMATCH[1]}
      declare -gA "cfg_$section"
      sections+=("$section")
      continue
    fi
    key=${line%%=*}; key=${key//[[:space:]]/}
    value=${line#*=}; value=${value#"${value%%[![:space:]]*}"}
    value=${value#\"}; value=${value%\"}
    local -n _sec="cfg_$section"
    _sec[$key]=$value
    unset -n _sec
  done <<< "$1"
}
get() { local -n _s="cfg_$1"; printf '%s' "${_s[$2]-${3-}}"; }
parse_ini "$config"
for s in "${sections[@]}"; do
  declare -n tbl="cfg_$s"
  for k in $(printf '%s\n' "${!tbl[@]}" | sort); do
    printf '%s.%s=%s\n' "$s" "$k" "${tbl[$k]}"
  done
done
echo "url=http://$(get server host):$(get server port)/"
echo "timeout=$(get client timeout 30)"
name=$(get client name); echo "${name/app/[&]} ${name@U} ${#name}"
