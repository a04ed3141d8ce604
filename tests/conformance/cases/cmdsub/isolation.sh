v=1
x=$(v=2; echo $v)
echo $x $v
