printf 'a:b\0c:d\0' | cut -z -d: -f2 | sed 's/\x0/<NUL>/g'
