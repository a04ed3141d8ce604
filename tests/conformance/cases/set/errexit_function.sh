set -e
f() { echo in-f; false; echo notreached; }
f
echo notreached
