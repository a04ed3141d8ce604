read -r a b <<< "one two three four"
echo "[$a][$b]"
