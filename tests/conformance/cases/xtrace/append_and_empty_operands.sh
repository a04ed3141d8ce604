# check-stderr
# set -x shows += as written (a command's prefix assignment with =), and
# an empty [[ ]] operand as ''.
set -x
x+=abc; x+=d; y[0]+=2
z+=1 true
v="a b"; e=
[[ $v == x ]]; [[ "" == x ]]; [[ x == "" ]]; [[ -n "" ]]; [[ "" < a ]]
[[ $e = $e ]]; [[ $e ]]
