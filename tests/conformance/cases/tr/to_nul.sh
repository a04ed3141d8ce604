printf 'a b c' | tr ' ' '\000' | sed 's/\x0/<NUL>/g'; echo
