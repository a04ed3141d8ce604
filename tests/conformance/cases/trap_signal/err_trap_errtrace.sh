set -E
trap 'echo "ERR in ${FUNCNAME[0]:-main}"' ERR
f() { false; }
f
