mkdir a b
realpath -z --relative-to=. a b | sed 's/\x0/<NUL>/g'; echo
