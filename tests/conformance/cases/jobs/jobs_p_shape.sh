sleep 0.2 &
p=$!
[[ $(jobs -p) == "$p" ]] && echo "jobs -p gives the pid"
wait
