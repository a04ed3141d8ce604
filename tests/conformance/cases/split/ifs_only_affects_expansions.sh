IFS=:
echo a:b
x=a:b
echo $x
echo "$x"
