printf 'a\n\\:\\:\nb\n' | nl -p -w 1 | sed -n l
