f() { while read -r l; do echo "f:$l"; done; }
f <<EOF
one
two
EOF
