stack=()
push() { stack+=("$1"); }
pop() { local n=${#stack[@]}; (( n )) || return 1; REPLY=${stack[n-1]}; unset "stack[n-1]"; }
push a; push b; push c
while pop; do echo "popped $REPLY"; done
queue=(x y z)
while (( ${#queue[@]} )); do echo "dequeued ${queue[0]}"; queue=("${queue[@]:1}"); done
