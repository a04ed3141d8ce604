echo 'echo "inner: ${BASH_SOURCE[0]} <- ${BASH_SOURCE[1]}"' > b.sh
echo 'echo "outer: ${BASH_SOURCE[0]}"; source ./b.sh' > a.sh
source ./a.sh
