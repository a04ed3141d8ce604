n=3
cat <<EOF
sum $((n+1)) and $(echo sub)
EOF
