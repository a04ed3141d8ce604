read <<< '  hi there  '
echo "[$REPLY]"
