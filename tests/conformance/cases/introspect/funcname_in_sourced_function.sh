cat > lib.sh <<'EOF'
helper() { echo "${FUNCNAME[0]} from ${FUNCNAME[1]} at ${BASH_LINENO[0]}"; }
EOF
source ./lib.sh
run() {
  helper
}
run
