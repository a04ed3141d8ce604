read -N 4 x <<< "  ab"
echo "[$x]"
