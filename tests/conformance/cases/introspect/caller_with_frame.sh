cat > lib.sh <<'EOF'
f() { caller 0; caller 1; }
g() { f; }
EOF
source ./lib.sh
g
echo "status=$?"
