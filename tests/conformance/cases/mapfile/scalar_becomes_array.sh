s=scalar
mapfile -t -O 1 s <<< "x"
echo "${#s[@]} ${s[0]} ${s[1]}"
t=gone
mapfile -t t <<< "y"
echo "${#t[@]} ${t[0]}"
