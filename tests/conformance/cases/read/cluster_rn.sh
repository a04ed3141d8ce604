read -rn2 x <<< 'a\bc'
echo "$x"
