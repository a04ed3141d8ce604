read <<< "  spaced  out  "
echo "[$REPLY]"
