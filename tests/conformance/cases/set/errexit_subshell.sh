set -e
(false; echo "not in sub")
echo not reached
