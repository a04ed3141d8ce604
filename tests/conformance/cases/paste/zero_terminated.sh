printf 'a\0b\0' > a; printf 'x\0y\0' > b
paste -z a b | sed 's/\x0/<NUL>/g'; echo
