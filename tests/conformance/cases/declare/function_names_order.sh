f() { :; }; g() { :; }
declare -F g nosuch f; echo $?
declare -F
typeset -F f
