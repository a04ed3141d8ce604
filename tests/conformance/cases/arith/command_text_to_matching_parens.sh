# `((` … `))` is an arithmetic command up to the matching `))` whatever
# it holds: `;` and `;;` inside are arithmetic errors when it runs
# (status 1, the script goes on), not command separators.
(( a;b )); echo "semicolon: $?"
(( 1;;2 )); echo "double: $?"
(( a=1 ; b=2 )); echo "assignments: ${a:-unset} ${b:-unset} $?"
f() { (( x<1;;y )); echo "in function: $?"; }
f
# Not arithmetic: the `)` matching the second `(` is not followed by `)`.
((echo one); (echo two))
( (echo three) )
(( 2 > 1 )) && echo "plain arithmetic"
