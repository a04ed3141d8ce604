trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }
repeat() { local out= i; for ((i=0; i<$2; i++)); do out+=$1; done; printf '%s' "$out"; }
join_by() { local IFS=$1; shift; printf '%s' "$*"; }
upper() { printf '%s' "${1^^}"; }
echo "[$(trim '   padded text  ')]"
echo "[$(repeat ab 3)]"
echo "[$(join_by , a b c)]"
echo "[$(upper mixed)]"
