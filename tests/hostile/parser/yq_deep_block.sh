# 100,000 nested YAML block sequences on one line (`- - - - ... x`):
# the tree is built without recursion and refused past 10,000 levels
# with an error (status 1), never a stack overflow.
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: status 1
# expect-stderr-contains: yaml: line 1: nesting deeper than 10000 levels
s=$(printf '%100000s' | sed 's/ /- /g')
printf '%sx\n' "$s" | yq '.'
echo "status $?"
