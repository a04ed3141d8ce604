# check-stderr
f() { echo f; }
declare -fx f
declare -F f
declare -Ff
export -fn f
declare -F
