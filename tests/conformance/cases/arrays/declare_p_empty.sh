a=()
declare -a b
declare -A c
declare -p a b c
