set -e
i=0
(( i++ ))
echo not reached
