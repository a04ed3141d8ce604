set - a b
echo "$# $1 $-"
