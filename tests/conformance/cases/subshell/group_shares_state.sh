x=1
{ x=2; echo in-group; }
echo $x
