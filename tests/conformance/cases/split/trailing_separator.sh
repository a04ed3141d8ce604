IFS=:
x='a:b:'
set -- $x
echo $#
x=':a'
set -- $x
echo $#
