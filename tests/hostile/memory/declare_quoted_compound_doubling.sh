# declare re-reads a quoted "(...)" value as a compound assignment; one
# that repeats the array's own elements doubles it on every pass.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: memory
a=(x)
while :; do declare -a a='("${a[@]}" "${a[@]}")'; done
