# check-stderr
set -e
trap 'echo "build failed at line $LINENO" >&2' ERR
step() { echo "step $1"; }
step configure
step compile
false
step install
