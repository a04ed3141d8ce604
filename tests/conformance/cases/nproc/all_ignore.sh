[ "$(nproc --all --ignore=100000)" = 1 ] && echo one
