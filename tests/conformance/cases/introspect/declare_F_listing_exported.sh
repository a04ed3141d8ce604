f() { :; }
g() { :; }
export -f f
declare -F
declare -F g nosuch
echo "status $?"
declare -f
export -f
