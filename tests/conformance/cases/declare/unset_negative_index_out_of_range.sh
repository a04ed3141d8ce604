# check-stderr
# unset 'a[-n]' counts back from the last element; one before the first
# is a bad subscript (status 1) and the array stays as it was.
a=(1)
unset -v 'a[-2]'
echo "status: $?"
unset 'a[-1]'
echo "status: $? count: ${#a[@]}"
b=(1 2 3)
unset 'b[-3]' 'b[-9]'
echo "status: $? left: ${b[*]}"
unset 'nosuch[-1]'
echo "status: $?"
