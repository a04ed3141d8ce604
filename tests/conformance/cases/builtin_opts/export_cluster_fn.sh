# check-stderr
f() { echo hi; }
export -f f
declare -F | grep ' f$'
export -fn f
declare -F | grep ' f$'
