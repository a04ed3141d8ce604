# Listing a large associative array (bash's hash order is computed on each
# walk) while it keeps growing.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: memory|timeout
declare -A h
i=0
while :; do h[k$i]=$i; ((i++)); ((i % 20000)) || n=${#h[@]} k=("${!h[@]}"); done
