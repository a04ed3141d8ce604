read x <<< '   lead  trail  '
echo "[$x]"
IFS= read -r y <<< '  keep  '
echo "[$y]"
