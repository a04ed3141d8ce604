printf '%0100d\n' 0 | fold | wc -c
