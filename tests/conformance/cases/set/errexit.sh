set -e
echo a
false
echo notreached
