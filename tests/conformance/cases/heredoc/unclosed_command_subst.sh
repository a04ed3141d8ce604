# check-stderr
cat <<EOF
 $((((((((
EOF
echo "next $?"
cat <<EOF
$(echo "(" ) $((1 + (2))) \$(
EOF
