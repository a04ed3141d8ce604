printf 'a\0a\0b\0' | uniq -z | sed 's/\x0/<NUL>/g'; echo
