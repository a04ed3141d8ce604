printf 'a\tb\tc\n' | expand | sed -n l
