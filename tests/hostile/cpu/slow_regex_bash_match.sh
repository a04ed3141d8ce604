# The same blow-up through `[[ =~ ]]`.
# expect-stop: none
# expect-stdout: no
# expect-max-seconds: 2
s=$(printf '%05000d' 0)
s=${s//0/a}
[[ $s =~ ^(a|a|aa)*b$ ]] && echo yes || echo no
