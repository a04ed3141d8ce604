coproc W { cat; }
[[ $W_PID == +([0-9]) ]] && echo "pid set"
exec {W[1]}>&-
wait
