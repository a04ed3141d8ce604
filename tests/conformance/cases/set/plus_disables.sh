set -e
set +e
false
echo ok
