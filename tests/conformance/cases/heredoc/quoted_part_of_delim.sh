x=1
cat <<E"O"F
$x not expanded
EOF
