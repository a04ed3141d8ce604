set -e
f() { return 2; }
f
echo not reached
