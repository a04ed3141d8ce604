IFS=' :'
x=' a : b :: c '
set -- $x
echo $#
printf '[%s]' "$@"
echo
