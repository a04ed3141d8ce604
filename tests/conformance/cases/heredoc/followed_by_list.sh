cat <<EOF && echo done
body
EOF
