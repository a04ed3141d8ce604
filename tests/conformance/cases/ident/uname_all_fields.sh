set -- $(uname -a); echo "$1 ${@: -2}"
