read -N 6 x y <<< "  ab cd"
echo "[$x][$y]"
IFS=: read -N 5 x <<< "::a::"
echo "[$x]"
read -N 3 -a arr <<< " a b"
echo "${#arr[@]} [${arr[0]}]"
read -N 3 x <<< '\ab'
echo "[$x]"
