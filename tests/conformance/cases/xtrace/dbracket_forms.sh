# check-stderr
set -x
v="a b"
[[ $v == "a b" ]] && echo eq
[[ -z $v || $v == a* ]]
[[ 3 -lt 10 ]]
[[ ! -e nofile ]]
