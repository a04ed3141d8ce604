read -r line <<< "  padded  "
echo "[$line]"
