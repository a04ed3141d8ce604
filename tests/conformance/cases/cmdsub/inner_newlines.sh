x=$(printf 'a\nb')
echo "$x"
echo $x
