a=(x)
a+=([5]=y z)
declare -p a
