a=(hello wo)
echo ${#a[0]} ${#a[1]} ${#a}
