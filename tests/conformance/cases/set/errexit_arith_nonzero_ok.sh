set -e
i=1
(( i++ ))
echo "i=$i"
