declare -A m
rows=3 cols=3
for ((r=0; r<rows; r++)); do
  for ((c=0; c<cols; c++)); do m[$r,$c]=$(( r * cols + c )); done
done
for ((r=0; r<rows; r++)); do
  line=
  for ((c=0; c<cols; c++)); do line+=$(printf '%3d' "${m[$c,$r]}"); done
  echo "$line"
done
