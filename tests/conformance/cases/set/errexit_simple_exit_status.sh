set -e
echo before
(exit 3)
echo not reached
