# Subscripts that run a command substitution which evaluates the same
# variable again are bounded by the same counter.
# (A failed command substitution gives an empty subscript, so the outer
# levels read element 0 and the script goes on.)
# expect-stop: none
# expect-status: 0
# expect-stderr-contains: expression recursion level exceeded
x='a[$(echo $(( x )) )]'
y='b[`echo $((y))`]'
(echo $(( y )))
echo $(( x ))
