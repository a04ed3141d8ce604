echo -
echo --
echo -x
echo -n- a
echo a -n
