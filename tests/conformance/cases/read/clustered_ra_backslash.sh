read -ra parts <<< 'x\y z'
echo "${parts[0]}"
