# `(a*)*b` backtracks exponentially in a naive engine; on 30 000 `a`s
# without a `b`, grep must answer "no match" quickly.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-max-seconds: 2
s=$(printf '%030000d' 0)
s=${s//0/a}
echo "$s" | grep -E '(a*)*b'
