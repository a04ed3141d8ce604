set -e
x=$(false; echo inner ran)
echo "x=$x"
