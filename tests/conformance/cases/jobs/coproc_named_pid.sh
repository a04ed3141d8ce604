coproc UPPER { tr a-z A-Z; }
[[ $UPPER_PID == +([0-9]) ]] && echo "pid set"
echo "${#UPPER[@]} fds"
echo shout >&"${UPPER[1]}"
eval "exec ${UPPER[1]}>&-"
read -r got <&"${UPPER[0]}"
echo "$got"
wait
