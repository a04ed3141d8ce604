x=1
cat <<\EOF
$x literal
EOF
