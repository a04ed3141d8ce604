f() {
cat <<EOF
v=$v
EOF
}
v=early; f; v=late; f
