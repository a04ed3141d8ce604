declare -A m=([x]=1 [y]=2)
unset 'm[x]'
echo ${#m[@]}
[[ -v m[y] ]] && echo has-y
[[ -v m[x] ]] || echo no-x
