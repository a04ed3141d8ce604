cat <<EOF
one \
two
EOF
