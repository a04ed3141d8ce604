unset IFS
x='a  b	c'
set -- $x
echo $#
