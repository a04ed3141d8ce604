{ echo a; exit 3; }
echo notreached
