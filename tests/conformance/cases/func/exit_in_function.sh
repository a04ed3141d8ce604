f() { echo before; exit 5; echo after; }
f
echo notreached
