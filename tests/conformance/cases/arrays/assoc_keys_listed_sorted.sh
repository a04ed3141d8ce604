declare -A h=([b]=2 [a]=1 [c]=3)
printf '%s\n' "${!h[@]}" | sort
