s=abcdef
declare -n r=s
echo "${#r} ${r:1:2} ${r^^}"
