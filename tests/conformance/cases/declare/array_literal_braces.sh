# Brace expansion inside array literals given to declaration builtins
f() { local -a a=(x {1..3} y); declare -p a; local -A m=([k]={a,b}); declare -p m; }
f
declare -a d=({a,b}{1,2}); declare -p d
typeset -a t=(p{q,r}s); declare -p t
