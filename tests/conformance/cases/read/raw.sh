read -r x <<< 'a\b'
echo "$x"
read y <<< 'a\b'
echo "$y"
