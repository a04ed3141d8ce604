[[ -n $HOSTNAME ]] && echo nonempty
