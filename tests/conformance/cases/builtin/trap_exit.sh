trap 'echo bye' EXIT
echo hi
