printf 'a1b2c3' | tac -r -s '[0-9]'; echo
