# A chain of one entry per directory, so the order is the same anywhere.
mkdir -p a/b/c
touch a/b/c/f
find
echo ---
find .
echo ---
find a
echo ---
find a/b ./a/b/c
