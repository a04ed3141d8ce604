a=(1)
echo ${a[9]:-none} ${a[0]:-none}
