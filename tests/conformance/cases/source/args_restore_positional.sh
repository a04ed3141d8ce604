set -- orig
echo 'set -- changed; echo "in: $1"' > s.sh
source ./s.sh a b
echo "out: $1"
