declare -A h=([x]=1)
a=(z y)
a[5]=q
echo "${!a[@]}"
echo "${!h[@]}"
