shuf -z -e p q | sort -z | sed 's/\x0/<NUL>/g'; echo
