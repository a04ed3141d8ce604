printf 'a\tb\tc\td\n' | expand -t 2,5,9 | sed -n l
