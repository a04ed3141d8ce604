x=1
{ x=2; } &
wait
echo "x=$x"
