x=0
echo $((0 && (x=1))) $x
echo $((1 || (x=2))) $x
echo $((1 && (x=3))) $x
