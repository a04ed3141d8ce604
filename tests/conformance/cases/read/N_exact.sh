read -N 3 x <<< "abcdef"
echo "[$x]"
