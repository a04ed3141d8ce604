printf '1\n2\n3\n' > f
mapfile -t -n 0 arr < f
echo "${#arr[@]}"
