true &
[[ $! != $$ ]] && echo different
wait
