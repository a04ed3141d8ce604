x='a b'
set -- "$x"
echo $#
