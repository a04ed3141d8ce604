exec {fds[2]}>out.txt
(( fds[2] >= 10 )) && echo "fd ${#fds[@]} element"
echo hi >&"${fds[2]}"
exec {fds[2]}>&-
cat out.txt
declare -A m
exec {m[k]}<out.txt
read -r line <&"${m[k]}"
echo "$line ${!m[@]}"
exec {m[k]}<&-
i=1
exec {arr[i+1]}>o2
[[ -n ${arr[2]} && -z ${arr[i+1+1]} ]] && echo "arr element 2"
exec {arr[2]}>&-
echo "after close" >&"${arr[2]}" || echo closed
