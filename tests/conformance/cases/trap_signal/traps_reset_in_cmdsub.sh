trap 'echo T' EXIT
x=$(trap)
echo "[$x]"
