set -e
true && false
echo not reached
