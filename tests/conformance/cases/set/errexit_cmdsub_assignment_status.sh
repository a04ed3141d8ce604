set -e
x=$(false)
echo not reached
