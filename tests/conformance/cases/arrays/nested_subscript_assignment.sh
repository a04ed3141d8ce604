a=(1 1)
a[${a[${a[${a[1]}]}]}]=x
declare -p a
