x=$'a\tb\001c"\''
declare -p x
echo "${x@Q}"
a=($'\e[0m' 'plain' $'cr\r')
declare -p a
declare -A h=([k]=$'v\nw')
declare -p h
