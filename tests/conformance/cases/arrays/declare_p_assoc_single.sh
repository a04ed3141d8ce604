declare -A m=([key]='v 1')
declare -p m
