bc <<'EOF'
scale = 4
define area(r) { return 3.1416 * r ^ 2 }
area(2)
area(10)
EOF
