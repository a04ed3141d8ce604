# declare and set list a reference with its own value, the name it refers to.
x=3
declare -n r=x
declare -n d=nothere
declare | grep -E '^(r|d)='
set | grep -E '^(r|d)='
echo "$r"
