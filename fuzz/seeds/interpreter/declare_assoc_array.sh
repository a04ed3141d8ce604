declare -A m
m[k]=v
m[other]=w
echo ${m[k]} ${m[other]}
