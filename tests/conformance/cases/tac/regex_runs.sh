printf 'a1b22c333d' | tac -r -s '[0-9][0-9]*'; echo
printf 'x.y.z' | tac -r -s '\.'; echo
