[[ 10 -gt 9 ]] && echo gt
[[ 1+1 -eq 2 ]] && echo arith
x=3
[[ x -lt 4 ]] && echo var-name
