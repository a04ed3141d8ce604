# A variable whose value refers to itself as arithmetic: bash reports
# the recursion instead of looping.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: x+1: expression recursion level exceeded (error token is "x+1")
x='x+1'
echo $((x))
