x=1
echo 2 | read x
echo $x
