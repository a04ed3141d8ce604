echo 'echo $# $1' > s.sh
source ./s.sh a b
