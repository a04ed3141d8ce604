mkdir -p a/b/c/d
touch a/b/c/d/f
find a -maxdepth 1 | sort
echo ---
find a -mindepth 2 -maxdepth 3 | sort
echo ---
find a -depth
echo ---
find a -depth -type d
echo ---
find a -maxdepth 0
echo ---
find a -mindepth 9
echo "status $?"
