# 100,000 nested XML elements read with `yq -p xml`: elements are
# built without recursion and refused past 10,000 levels (status 1).
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: status 1
# expect-stderr-contains: xml: elements nested deeper than 10000
s=$(printf '%100000s' | sed 's/ /<a>/g')
printf '%sx\n' "$s" | yq -p xml '.'
echo "status $?"
