# check-stderr
set -x
x=abc
[[ $x == a* ]]
[[ -n $x && $x != "zz" ]]
