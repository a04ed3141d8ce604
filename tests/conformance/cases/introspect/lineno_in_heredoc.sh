cat <<EOF
line $LINENO
next $LINENO
EOF
