set -e
f() { false; echo "not reached in f"; }
f
echo not reached
