touch ab
set -f
echo a*
set +f
echo a*
