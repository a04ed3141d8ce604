printf 'a\tb\tc\td\n' | expand -t 3,6 | sed -n l
