let 'y = 2 * 3' 'z = y << 1'
echo "$y $z"
