[[ $PPID =~ ^[0-9]+$ ]] && echo numeric
[[ $PPID != "$$" ]] && echo differs
