x=5
echo $((x++)) $x
echo $((++x)) $x
echo $((x--)) $x
echo $((--x)) $x
