# Arguments written as assignments to declaration builtins expand as
# assignments: tilde after = and :, no splitting, no globbing; others split.
z="1  2 *"
declare a=$z; echo "[$a]"
export e=$z; echo "[$e]"
readonly r=$z; echo "[$r]"
typeset t=$z; echo "[$t]"
f() { local l=$1 m=$2; echo "[$l][$m]"; }
f "p  q" "  r *"
declare h=~/x:~/y; echo "$h"
declare y={a,b}; echo "$y"
i=3; declare -a q; declare q[$i]=$z q[1]+=k q[-1]+=E; declare -p q
declare -A m; declare m["a b"]=$z; echo "${m[a b]}"
v=w; declare $v=1; echo "[$w]"
declare -a arr=$z; declare -p arr
