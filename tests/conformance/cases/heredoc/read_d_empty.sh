IFS= read -r -d '' block <<'EOF' || true
alpha
  beta
EOF
printf '[%s]' "$block"; echo
