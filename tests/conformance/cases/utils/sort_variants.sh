printf '10\n9\n100\n9\n' > f
sort f
echo --
sort -n f
echo --
sort -rn f
echo --
sort -u f
