read -n 2 x <<< 'abcd'
echo $x
