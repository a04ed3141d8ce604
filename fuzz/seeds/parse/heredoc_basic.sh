cat <<EOF
hello
  indented
EOF
