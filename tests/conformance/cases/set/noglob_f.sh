touch a1 a2
set -f
echo a*
set +f
echo a*
