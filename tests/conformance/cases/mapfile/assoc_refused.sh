# check-stderr
declare -A h=([k]=v)
mapfile h <<< "x"
echo "status=$? ${h[k]}"
