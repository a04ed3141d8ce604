printf 'ab\001c\002d\n' | tr -d '[:cntrl:]'; echo
