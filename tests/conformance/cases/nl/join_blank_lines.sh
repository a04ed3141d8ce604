printf 'a\n\n\n\n\nb\n' | nl -b a -l 2 -w 1 | sed -n l
