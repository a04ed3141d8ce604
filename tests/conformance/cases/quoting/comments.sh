echo a #comment
echo b#c
echo 'x #y'
echo "#z" \#w
