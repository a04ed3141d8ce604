read -a arr <<< 'x y z'
echo ${#arr[@]} ${arr[2]}
