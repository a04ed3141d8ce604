# After a declaration builtin whose last argument is a list assignment,
# $_ is the variable's name; after a scalar one, the whole word.
: foo
echo "colon [$_]"
s=bar
echo "bare assign [$_]"
declare s=bar
echo "declare [$_]"
a=(1 2)
echo "array [$_]"
declare a=(1 2)
echo "declare array [$_]"
declare -g d=(1 2)
echo "declare flag [$_]"
declare a+=(3)
echo "append [$_]"
declare -A e=([k]=v)
echo "assoc [$_]"
