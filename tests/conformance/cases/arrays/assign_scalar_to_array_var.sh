a=(1 2 3)
a=new
declare -p a
