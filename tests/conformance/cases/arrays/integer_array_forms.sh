declare -ai n=(1+1 [5]=2*3)
n+=(4+4)
n[7]=1+9
declare -p n
declare -Ai h=([k]=7/2)
declare -p h
declare -a e
declare -A f
declare -p e f
e+=()
declare -p e
f() { local -a q; local -A r; declare -p q r; }
f
