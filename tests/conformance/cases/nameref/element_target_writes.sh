# check-stderr
# A reference to one array element: `r=v` and `r+=v` reach that element;
# a list, or a subscript on the reference, is refused with the target's
# name.
b=(1 2 3)
declare -n r='b[1]'
r=x
r+=y
declare -p b
r=(p q)
echo "list status=$?"
r[0]=z
echo "subscript status=$?"
declare -p b
