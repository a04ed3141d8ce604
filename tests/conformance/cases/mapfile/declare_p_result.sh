printf 'x\ny\n' > f
mapfile arr < f
declare -p arr
