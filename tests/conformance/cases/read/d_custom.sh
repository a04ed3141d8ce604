read -d ';' x <<< "first;second"
echo "$x"
