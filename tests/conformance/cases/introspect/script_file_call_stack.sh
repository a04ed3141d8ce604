cat > m.sh <<'ZEOF'
echo "top: ${BASH_SOURCE[*]} / ${BASH_LINENO[*]} / ${FUNCNAME[*]}"
caller; echo "c=$?"
f() { echo "f: ${FUNCNAME[*]} / ${BASH_SOURCE[*]} / ${BASH_LINENO[*]}"; caller 0; x=$(caller 0); echo "sub: $x"; (echo "(${FUNCNAME[*]})"); }
f
eval 'f'
trap 'echo "trap: ${FUNCNAME[*]} $(caller 0)"' RETURN
g() { :; }
set -T
g
ZEOF
bash ./m.sh
chmod +x m.sh; ./m.sh | head -3
