# check-stderr
a=(1 "x y")
declare -A m=([k]=$'\t')
s='it is'
t=$'a\nb'
f() { echo f; }
declare | grep -e '^a=' -e '^m=' -e '^s=' -e '^t='
declare | tail -4
set | grep -e '^a=' -e '^m='
typeset | grep -c '^f ()'
