cat <<EOF
 EOF
EOF
