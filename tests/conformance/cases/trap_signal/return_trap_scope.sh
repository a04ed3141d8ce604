echo 'echo sourced' > lib.sh
trap 'echo "RETURN at ${FUNCNAME[0]:-top}"' RETURN
f() { echo in f; }
f
source ./lib.sh
g() { trap 'echo "g returns"' RETURN; }
g
f
trap - RETURN
source ./lib.sh
