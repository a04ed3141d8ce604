cat > lib.sh <<'EOF'
greet() { echo "hello $1"; }
EOF
. ./lib.sh
greet you
