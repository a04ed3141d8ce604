x=0
echo | x=1
echo "x=$x"
