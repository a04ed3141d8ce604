cat <(true)
[[ $! == +([0-9]) && $! != $$ ]] && echo "procsub pid"
