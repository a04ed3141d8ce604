# check-stderr
y=1
export -p y
echo "st=$?"
declare -p y
export -p -n y
declare -p y
z=2
readonly -p z
declare -p z
export -fn nosuch
echo "st=$?"
f() { :; }
export -f f
export -fn f
declare -F f
declare -F | grep -w f
