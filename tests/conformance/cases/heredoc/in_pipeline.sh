cat <<EOF | sort
c
a
b
EOF
