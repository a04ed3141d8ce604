# check-stderr
cat <<EOF
text
EOF 
EOF
