s=hi
echo ${s[0]} ${#s[@]}
s[1]=x
echo ${s[@]}
