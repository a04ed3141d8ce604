# check-stderr
f() { :; }
declare +f f
echo "st=$?"
declare -p f
declare +F g
echo "st=$?"
declare -p g
x=1
declare +p x
