# `((` is arithmetic only when written together and closed by `))` right
# after its matching paren; otherwise it is a subshell in a subshell.
x=1
( (echo a; x=2) ); echo "x=$x"
((echo b) )
( (echo c))
( ( (echo $((1 + 1))) ) ) | cat
( (echo ")"; echo ')') ) > out.txt; cat out.txt
( (cat <<EOF
d )
EOF
) )
(( (1) + (2) )); echo "arith $?"
echo "line $LINENO"
