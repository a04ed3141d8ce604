declare -A h
printf -v 'h[k k]' '%s' 4
echo "${h[k k]}"
i=1
printf -v "a[i+1]" '%03d' 7
printf -v 'a[0]' '%s' first
echo "${#a[@]} ${a[0]} ${a[2]}"
printf -v v -- '%s-%s' x y
echo "$v"
