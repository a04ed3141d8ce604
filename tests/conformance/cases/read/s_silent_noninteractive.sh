read -s x <<< "secret"
echo "$x"
