eval 'x=5'
echo $x
