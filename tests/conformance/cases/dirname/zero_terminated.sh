dirname -z a/b c/d | sed 's/\x0/<NUL>/g'; echo
