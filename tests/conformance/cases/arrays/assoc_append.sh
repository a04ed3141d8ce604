declare -A m=([k]=v)
m[k]+=w
m+=([n]=z)
echo ${m[k]} ${m[n]}
