# declare -p quotes an associative array's keys as bash does: double
# quotes for shell metacharacters and for @ and *, $'...' for control
# characters, bare otherwise; its output reads back.
declare -A m
m[plain]=1
m['two words']=2
m[@]=3
m['*']=4
m['a|b']=5
m['#lead']=6
m['mid#']=7
m[$'tab\there']=8
m['quote"d']=9
m['x=~']=10
declare -p m
saved=$(declare -p m)
unset m
eval "$saved"
echo "${m['two words']} ${m['a|b']} ${m[$'tab\there']} ${m['quote"d']}"
