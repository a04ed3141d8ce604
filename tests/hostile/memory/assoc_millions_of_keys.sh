# An associative array with millions of keys.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: memory
declare -A h
i=0
while :; do h[key$i]=$i; ((i++)); done
