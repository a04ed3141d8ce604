read -d : x <<< 'ab:cd'
echo $x
