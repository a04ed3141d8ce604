set -e
trap 'echo "exit trap $?"' EXIT
false
