trap 'echo bye' EXIT
trap 'echo int' INT
trap -p
