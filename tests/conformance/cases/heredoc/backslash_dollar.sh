cat <<EOF
cost \$5 and \`tick\` and \\ and \"q\"
EOF
