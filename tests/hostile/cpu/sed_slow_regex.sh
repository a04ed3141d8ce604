# `(a*)*b` on 30 000 `a`s: exponential for a backtracking engine, linear
# for sed's; the substitution fails to match quickly.
# expect-stop: none
# expect-stdout-bytes: 30001
# expect-max-seconds: 2
s=$(printf '%030000d' 0)
s=${s//0/a}
echo "$s" | sed -E 's/(a*)*b/x/'
