read -a parts <<< 'x\y z'
echo "${parts[0]}"
