declare -a a=(1 'two words')
declare -A m=([k]=v)
declare -p a m
