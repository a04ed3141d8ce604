# `^(a+)+$` against `aaaa...ab`: the textbook catastrophic case.
# expect-stop: none
# expect-status: 1
# expect-max-seconds: 2
s=$(printf '%05000d' 0)
s=${s//0/a}b
echo "$s" | grep -cE '^(a+)+$'
