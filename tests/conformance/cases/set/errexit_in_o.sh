set -o errexit
false
echo not reached
