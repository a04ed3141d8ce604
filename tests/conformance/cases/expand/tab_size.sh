printf 'a\tbc\td\n' | expand -t 4 | sed -n l
