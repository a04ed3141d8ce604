main=$BASHPID
( [[ $BASHPID != "$main" ]] && echo different in subshell; [[ $$ == "$main" ]] && echo "\$\$ stays" )
