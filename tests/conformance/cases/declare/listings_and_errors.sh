# check-stderr
x=1; export x; readonly y=2; declare -i i=3; declare -l l=ABC; declare -u u=abc
declare -p x y i l u
export -p | grep -E ' (x|y)='
readonly -p | grep -E ' y='
declare -x | grep ' x='
declare -r | grep ' y='
declare -i | grep ' i='
f() { declare -g G=1; local L=2; declare -p L; local; }; f; declare -p G
declare -a arr=(1 2); declare -p arr; declare +a arr 2>&1; echo st=$?
declare -A as; as[a]=1; declare -p as
declare -x -i xi=5; declare -p xi
declare +x x; declare -p x
typeset -p i
declare -pf nosuch; echo st=$?
declare -p nosuch; echo st=$?
v=1; declare -p v; declare v; declare -p v
declare -- dd=4; declare -p dd
k=(a); k[5]=b; declare -p k
s="a'b\"c\$d\`e\\f"; declare -p s
