a=(1 2 3)
echo ${a[-1]} ${a[-3]}
a[-1]=last
echo ${a[@]}
