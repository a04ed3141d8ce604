set -e
eval 'false'
echo not reached
