set -e
for i in 1 2; do echo "i=$i"; false; done
echo not reached
