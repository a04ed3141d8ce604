printf '%c' '' | od -An -c
echo "end"
