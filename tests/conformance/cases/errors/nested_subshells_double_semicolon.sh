# `( (a;;b))` is two subshells, and `;;` outside a case is an error there.
eval '( (a;;b))'
echo "status $?"
eval '( ( ;; ) )'
echo "status $?"
( (echo nested) )
