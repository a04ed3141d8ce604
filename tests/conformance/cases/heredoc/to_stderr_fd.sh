cat <<EOF 1>&2 2>/dev/null
hidden
EOF
echo shown
