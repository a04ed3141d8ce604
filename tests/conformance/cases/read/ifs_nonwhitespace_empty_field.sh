IFS=, read -r a b c <<< "1,,3"
echo "[$a][$b][$c]"
