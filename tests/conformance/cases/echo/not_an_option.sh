echo -x -n
echo --
echo -
