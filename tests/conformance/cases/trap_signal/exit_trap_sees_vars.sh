trap 'echo "v=$v"' EXIT
v=late
