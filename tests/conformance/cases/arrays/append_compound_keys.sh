declare -A m=([a]=1)
m+=([b]=2 [a]=9)
for k in $(printf '%s\n' "${!m[@]}" | sort); do echo "$k=${m[$k]}"; done
