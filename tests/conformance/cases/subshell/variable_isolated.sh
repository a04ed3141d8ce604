x=1
(x=2; echo $x)
echo $x
