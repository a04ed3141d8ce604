# An array that doubles at every iteration.
# expect-stop: memory
a=(xxxxxxxx)
while :; do a=("${a[@]}" "${a[@]}"); done
