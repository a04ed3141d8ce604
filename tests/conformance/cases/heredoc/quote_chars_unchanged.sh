cat <<EOF
'single' "double"
EOF
