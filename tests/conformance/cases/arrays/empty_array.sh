a=()
echo ${#a[@]}
for e in "${a[@]}"; do echo never; done
echo "[${a[*]}]"
