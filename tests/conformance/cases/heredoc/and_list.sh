cat <<EOF && echo listed
body
EOF
