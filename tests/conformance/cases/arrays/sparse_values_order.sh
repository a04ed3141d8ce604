a[5]=five a[1]=one a[3]=three
echo "${a[@]}"
