declare -A m
m[b]=2 m[a]=1 m[c]=3
for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done | sort
