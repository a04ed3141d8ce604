while IFS= read -r line; do echo "<$line>"; done <<'EOF'
 first
second  

last
EOF
