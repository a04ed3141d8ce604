read x <<'EOF'
a\
b
EOF
echo "$x"
