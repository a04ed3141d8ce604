printf 'a\0b\0c\n' | cut -d '' -f2,3 | sed 's/\x0/<NUL>/g'
