# sed's `s` with a back-reference over a catastrophic pattern
# (`\(a*\)*\1b` on 10 000 `a`s then `cb`): the backtracker's step budget
# ends it with an error and GNU sed's status for a failure inside sed.
# expect-stop: none
# expect-status: 4
# expect-stdout-empty:
# expect-stderr-contains: backtracking limit exceeded
# expect-max-seconds: 2
s=$(printf '%010000d' 0)
s=${s//0/a}
echo "${s}cb" | sed 's/\(a*\)*\1b/x/'
