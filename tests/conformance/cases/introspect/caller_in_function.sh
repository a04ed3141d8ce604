cat > lib.sh <<'EOF'
f() { caller; }
g() {
  f
}
EOF
source ./lib.sh
g
