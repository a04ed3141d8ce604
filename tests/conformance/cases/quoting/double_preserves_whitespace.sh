x='a   b'
echo "$x"
echo $x
