# An indexed array whose last index is the largest 64-bit integer:
# negative subscripts and slices count back from it, and the next
# unkeyed element wraps around to the most negative index, as in bash.
a=(1 2 3)
a[0x7FFFFFFFFFFFFFFF]=x
echo "${#a[@]} ${a[-1]} $(( a[-1] )) [${a[@]: -1}] [${a[@]: -2}]"
a[-1]+=y
a+=(z w)
declare -p a
echo "${a[-1]} ${#a[@]} [${a[@]:0:2}]"
unset 'a[-1]'
echo "${#a[@]} ${a[-1]}"
