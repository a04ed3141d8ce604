printf 'a b\tc\rd\n' | tr -d '[:space:]'; echo
