# A quoted value in parentheses given to an array by declare/typeset/local
# is read as a compound assignment (its text expanded then); a scalar
# keeps it as text. unset 'a[@]' empties an indexed array.
HOME=/home/someone
a=(1)
declare a="(3 4)"
declare -p a
declare -a b="(\$HOME x)"
declare -p b
declare -A m="([k]=v [j]=w)"
declare -p m
declare c="(1 2)"
declare -p c
code='x=(1 2 3)'
typeset -a "$code"
declare -p x
f() {
  local -a l="(5 6)"
  declare -p l
}
f
declare -a d+="(7)"
declare -a d+="(8 9)"
declare -p d
a=(1 2 3)
unset 'a[@]'
declare -p a
a=(1 2)
unset 'a[*]'
declare -p a
a+=(new)
declare -p a
