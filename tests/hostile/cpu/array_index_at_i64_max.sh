# Indexed arrays whose last index is the largest 64-bit integer: negative
# subscripts, appends and slices count from it without overflowing (the
# next index wraps to the most negative one, as in bash).
# expect-stop: none
# expect-status: 0
# expect-stdout: 1 x 0 x xy 3 xy
a[0x7FFFFFFFFFFFFFFF]=x
echo "${#a[@]} ${a[-1]} $(( a[-2] ))" ${a[@]: -1} | tr -d '\n'
a[-1]+=y
a+=(z w)
echo " ${a[-1]} ${#a[@]}" ${a[@]:0:2}
