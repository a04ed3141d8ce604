echo "[${FUNCNAME[*]}]"
f() { echo "${#FUNCNAME[@]}"; }
f
