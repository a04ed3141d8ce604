x=1
declare -n r=x
declare -p r
