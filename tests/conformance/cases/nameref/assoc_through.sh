declare -A m=([k]=v)
declare -n r=m
r[z]=w
for k in $(printf '%s\n' "${!r[@]}" | sort); do echo "$k=${m[$k]}"; done
