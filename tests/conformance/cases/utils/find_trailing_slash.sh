mkdir -p dir/sub
touch dir/sub/f
find dir/
echo ---
find dir//
echo ---
find dir/sub/ -name f
echo ---
find dir/ -maxdepth 0 -name dir
