a=([2]=x y z)
declare -p a
