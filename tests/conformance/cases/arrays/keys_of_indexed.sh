a=(p q r)
echo "${!a[@]}"
echo "${!a[*]}"
