# A function's body may be a [[ ]] conditional command.
is_x() [[ $1 == x ]]
is_x x && echo yes
is_x y || echo no
declare -f is_x
nonempty() [[ -n $1 ]] > /dev/null
nonempty a; echo "status $?"
