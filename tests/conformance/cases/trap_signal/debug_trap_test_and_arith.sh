trap 'echo "D: $BASH_COMMAND"' DEBUG
y=1
[[ -n $y ]]
((y++))
[[ $y == 2 && -z "" ]] && echo "y=$y"
trap - DEBUG
