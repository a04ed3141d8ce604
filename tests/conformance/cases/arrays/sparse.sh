a[5]=five
a[1]=one
echo ${!a[@]}
echo ${a[@]}
echo ${#a[@]}
