read -d , -n 10 x <<< "abc,def"
echo "$x"
