a=(first second)
echo "$a"
s=str
echo "${s[0]} ${#s[@]}"
