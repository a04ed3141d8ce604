echo -en 'a\tb'; echo
