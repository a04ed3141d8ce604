[[ $EPOCHREALTIME =~ ^[0-9]+\.[0-9]{6}$ ]] && echo realtime shape
[[ $EPOCHSECONDS =~ ^[0-9]+$ ]] && echo seconds shape
