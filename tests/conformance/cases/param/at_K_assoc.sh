declare -A h=([k]='v 1')
echo "${h[@]@K}"
