[[ $BASHPID =~ ^[0-9]+$ ]] && echo numeric
[[ $BASHPID == "$$" ]] && echo same at top
