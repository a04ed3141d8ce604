printf 'x\ny\n' > f
mapfile -t < f
echo "${#MAPFILE[@]} ${MAPFILE[0]}"
