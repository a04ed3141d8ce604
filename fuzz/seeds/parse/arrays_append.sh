a=(1)
a+=(2 3)
echo ${a[@]}
a[10]=x
a+=(y)
echo ${!a[@]}
s=ab
s+=cd
echo $s
