name=Widget price=1250 qty=3
total=$((price * qty))
cat <<EOF
Invoice for: $name
$(printf '%-10s %5s %8s' Item Qty Total)
$(printf '%-10s %5d %5d.%02d' "$name" "$qty" $((total/100)) $((total%100)))
EOF
