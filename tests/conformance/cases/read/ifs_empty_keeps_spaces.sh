IFS= read -r line <<< "  padded  "
echo "[$line]"
