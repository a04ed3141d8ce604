a=([2]=c [0]=a b)
declare -p a
echo ${a[@]}
