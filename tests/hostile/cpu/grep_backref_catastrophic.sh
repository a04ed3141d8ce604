# `\(a*\)*\1b` on 10 000 `a`s then `cb`: a back-reference needs the
# backtracker, and this pattern has exponentially many ways to split the
# `a`s. The line passes the relaxed automaton (it has a `b`), so the
# backtracker runs; its step budget ends the search with a clear error
# (status 2) instead of running on.
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: backtracking limit exceeded
# expect-max-seconds: 2
s=$(printf '%010000d' 0)
s=${s//0/a}
echo "${s}cb" | grep '\(a*\)*\1b'
