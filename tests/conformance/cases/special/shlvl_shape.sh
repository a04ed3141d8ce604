[[ $SHLVL =~ ^[0-9]+$ ]] && echo numeric
