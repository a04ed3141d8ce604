echo 'exit 6' > s.sh
. ./s.sh
echo not reached
