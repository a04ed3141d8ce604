# check-stderr
cat <<EOF
a ${e+"}"} b
EOF
cat <<EOF
a ${e+'}'} b
EOF
cat <<EOF
a ${e-x\}y} b
EOF
cat <<EOF
a ${e+set
b
EOF
echo "next $?"
