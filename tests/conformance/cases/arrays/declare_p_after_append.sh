a=(1)
a+=(2 3)
declare -p a
