# check-stderr
# An operator inside name=( ... ) is an error bash reads on after from the
# next line, with status 1; the rest of the line is not run.
echo before
a=(1 2; echo x)
echo "after $?"
echo a; b=(1 | 2); echo b
echo "after $? ${b[@]}"
c=(1
2 > 3)
echo "after $?"
f() { d=(1 && 2); }
echo "after $?"
declare -a e=(1 ; 2)
echo "after $?"
eval 'g=(1;2)
echo "in eval $?"'
echo "out $?"
x=(a b
echo never
