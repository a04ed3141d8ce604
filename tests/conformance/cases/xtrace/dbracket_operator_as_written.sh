# check-stderr
# `set -x` shows a `[[ ]]` operator as written: `=` stays `=`.
x=1
set -x
[[ a = b ]]
[[ $x == 1 ]]
[[ "a b" = a* ]]
[[ ! a = b ]]
[[ a != b && 1 -eq $x ]]
set +x
