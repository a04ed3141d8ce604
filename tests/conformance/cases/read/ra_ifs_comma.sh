IFS=, read -ra f <<< "a,b,,d"
echo "${#f[@]}"
printf '[%s]' "${f[@]}"; echo
