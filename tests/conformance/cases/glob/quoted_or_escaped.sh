touch ab
x='a*'
echo "a*" a\* $x "$x"
