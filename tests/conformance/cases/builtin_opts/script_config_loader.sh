# check-stderr
# A config loader: an associative array filled through a nameref,
# read-only settings, exported ones, and a usage error reported.
declare -A config=()
load() {
  local -n into=$1
  local key value
  while IFS='=' read -r key value; do
    [[ -z $key || $key == \#* ]] && continue
    into[$key]=$value
  done
}
load config <<'CFG'
# comment
name=demo
port=8080
mode=prod
CFG
readonly -- NAME=${config[name]}
declare -ix PORT=${config[port]}+1
export -- MODE=${config[mode]}
for k in $(printf '%s\n' "${!config[@]}" | sort); do
  printf '%-5s %s\n' "$k" "${config[$k]}"
done
declare -p NAME PORT MODE
printenv PORT MODE
NAME=other 2>/dev/null || echo "NAME stays $NAME"
export -n MODE
printenv MODE || echo "MODE not exported"
declare -Q 2>&1 | head -1
