# Two variables that refer to each other in arithmetic.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: b+1: expression recursion level exceeded (error token is "b+1")
a='b+1' b='a+1'
echo $((a))
