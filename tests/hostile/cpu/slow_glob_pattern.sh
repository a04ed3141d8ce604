# Many stars against a long subject that almost matches: a backtracking
# matcher takes O(n^k); the answer must come quickly.
# expect-stop: none
# expect-stdout: no
# expect-max-seconds: 2
s=$(printf '%0200d' 0)
s=${s//0/a}
[[ $s == *a*a*a*a*a*a*a*a*a*a*a*a*b ]] && echo yes || echo no
