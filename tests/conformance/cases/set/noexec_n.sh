set -n
echo "not printed"
