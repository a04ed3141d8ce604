printf 'a\tb\tc\td\n' | expand -t 2,/4 | sed -n l
