f() { echo "K=$K args=$*"; }
set -k
f a K=v b
set +k
f a K=w b
