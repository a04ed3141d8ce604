e=
set -- $e a $e
echo $#
set -- "$e" a
echo $#
