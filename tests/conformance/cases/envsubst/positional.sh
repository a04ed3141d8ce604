printf '%s\n' '$1 $2 ${1} $0 $@ $*' | envsubst
