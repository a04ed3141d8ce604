set +B
echo {a,b}
set -B
echo {a,b}
