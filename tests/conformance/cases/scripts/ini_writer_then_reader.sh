declare -A settings=([color]=blue [size]=10 [name]='a b')
for k in $(printf '%s\n' "${!settings[@]}" | sort); do
  printf '%s=%q\n' "$k" "${settings[$k]}"
done > saved.conf
cat saved.conf
unset settings
source saved.conf
echo "$name|$size|$color"
