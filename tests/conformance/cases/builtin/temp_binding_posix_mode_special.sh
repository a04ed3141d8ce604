set -o posix
P=1 :
echo "P=${P-unset}"
