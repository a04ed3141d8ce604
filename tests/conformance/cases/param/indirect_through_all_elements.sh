# check-stderr
# ${!a[@]} alone lists the keys; with an operator after it, bash reads an
# indirection through the elements joined with spaces.
declare -A A=([x]=y); y=hello
echo "${!A[@]}" "${!A[*]}"
echo "${!A[@]@Q}" "${!A[@]@U}" "${!A[@]:-d}" ${!A[@]#h}
b=(y z)
echo "${!b[@]@Q}"; echo not reached
echo next
