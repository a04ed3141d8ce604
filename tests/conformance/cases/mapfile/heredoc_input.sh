mapfile -t lines <<'EOF'
alpha
beta gamma
EOF
printf '%s\n' "${lines[@]}"
