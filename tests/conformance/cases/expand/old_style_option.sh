printf 'a\tb\n' | expand -3 | sed -n l
