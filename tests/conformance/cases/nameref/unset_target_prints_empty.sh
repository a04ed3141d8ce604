declare -n r=nosuch
echo "[$r]"
r=made
echo "$nosuch"
