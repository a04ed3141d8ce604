cat > generated.sh <<'EOF'
#!/bin/bash
greet() { echo "generated says hi to $1"; }
greet "$@"
EOF
bash generated.sh tester
source generated.sh sourced
