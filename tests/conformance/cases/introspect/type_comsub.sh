# `type` prints a function as `declare -f` does, `$( )` bodies normalized.
f() { x=$( if true; then echo a; fi; while false; do :; done ); echo "$x"; }
type f
g() { [[ $( echo  x ) == x ]] && case $( echo  a ) in $( echo a )) echo yes ;; esac; }
type g
g
