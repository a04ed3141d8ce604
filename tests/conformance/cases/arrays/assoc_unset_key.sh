declare -A h=([x]=1 [y]=2)
unset 'h[x]'
echo "${!h[@]}"
