set -- a b c
echo $# $1 $3
set --
echo $#
