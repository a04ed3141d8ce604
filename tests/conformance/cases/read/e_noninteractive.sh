read -e x <<< "edited"
echo "$x"
