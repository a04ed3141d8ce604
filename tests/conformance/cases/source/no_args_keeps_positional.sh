set -- keep me
echo 'echo "in: $*"' > s.sh
source ./s.sh
