echo 'echo "args: $# $1 $2"' > s.sh
source ./s.sh x y
echo "after: $#"
