x=5
declare -n r=x
echo "${!r}"
