# Past 2048 keys bash's table grows fourfold and the listing follows the
# new table.
declare -A h
for ((i = 0; i < 2100; i++)); do h[k$i]=$i; done
keys=("${!h[@]}")
echo "${#keys[@]} ${keys[*]:0:8}"
echo "${keys[*]: -5}"
