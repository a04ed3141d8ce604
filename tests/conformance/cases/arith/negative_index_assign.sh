# check-stderr
# An arithmetic assignment to a[-n] counts back from the last element, as
# reading it does; one before the start is a bad subscript.
a=(0 1 2 3 4)
unset 'a[4]'
(( a[-1] += 42 ))
echo "${a[@]}"
(( a[-1] = 7 ))
echo "${a[@]}"
echo $(( a[-2]++ ))
echo "${a[@]}"
let 'a[-1] *= 2'
echo "${a[@]}"
(( a[-9] = 1 ))
echo "status: $?"
s=str
(( s[-1] = 5 ))
echo "$s"
