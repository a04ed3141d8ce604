read -rs x <<< 'a\b'
echo "$x"
