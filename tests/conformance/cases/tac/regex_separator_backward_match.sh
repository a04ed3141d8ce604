printf 'a12b345c6' | tac -r -s '[0-9]+'; echo
