text=$(cat <<'EOF'
line one
line two
EOF
)
echo "${#text} ${text%%$'\n'*}"
