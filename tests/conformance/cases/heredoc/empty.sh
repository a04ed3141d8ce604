cat <<EOF
EOF
echo after
