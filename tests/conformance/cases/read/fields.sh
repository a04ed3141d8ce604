read a b <<< 'one two three'
echo "$a|$b"
