set -- $(echo 'a b  c')
echo $#
