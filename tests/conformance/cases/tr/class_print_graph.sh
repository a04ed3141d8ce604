printf 'a b\001c\n' | tr -c '[:graph:]' '.'; echo
