cat > lib.sh <<'EOF'
g() {
  echo "FUNCNAME=${FUNCNAME[*]}"
  echo "BASH_SOURCE=${BASH_SOURCE[*]}"
  echo "BASH_LINENO=${BASH_LINENO[*]}"
  caller 0
  caller 1
  caller 2 || echo "no frame 2"
}
echo "lib top: ${#FUNCNAME[@]} ${BASH_SOURCE[0]} ${BASH_LINENO[0]}"
g
EOF
f() {
  source ./lib.sh
}
f
echo "top: ${#FUNCNAME[@]} ${#BASH_SOURCE[@]} ${#BASH_LINENO[@]}"
