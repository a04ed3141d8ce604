declare -ai n=(1+1 2*3)
echo "${n[@]}"
