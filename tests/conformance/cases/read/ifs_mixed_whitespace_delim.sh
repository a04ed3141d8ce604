IFS=' ,' read -r a b c <<< "1 , 2,3"
echo "[$a][$b][$c]"
