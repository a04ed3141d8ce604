# check-stderr
f() { echo f; }
g() { echo g; }
readonly -f nosuch
echo "st=$?"
readonly -f f
echo "st=$?"
{ f() { echo changed; }; } 2>/dev/null
echo "st=$?"
f
unset -f f
echo "st=$?"
f
readonly -f
echo ---
readonly -pf
echo ---
declare -f f
declare -F
export -f f
declare -F f
declare -rf g
declare -F
declare -fr | grep declare
readonly -F
echo "st=$?"
