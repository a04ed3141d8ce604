basename -z a/b c/d 2>&1 | sed 's/\x0/<NUL>/g'; echo; basename -az a/b c/d | sed 's/\x0/<NUL>/g'; echo
