arr=(a b c)
declare -n ref=arr
echo "${ref[1]} ${#ref[@]}"
ref[3]=d
echo "${arr[@]}"
