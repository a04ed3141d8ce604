# A variable whose value is an array element with a subscript that
# evaluates the variable again: each level expands the subscript and
# evaluates it, so the nesting is bounded, not a stack overflow.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: expression recursion level exceeded
x='a[$(( x ))]'
echo $(( x ))
