echo "it's"
echo "'$((1+1))'"
