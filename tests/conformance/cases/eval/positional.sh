set -- p1 p2
eval 'echo "$2 $1"'
