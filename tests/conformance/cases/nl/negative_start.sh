printf 'a\nb\nc\n' | nl -v -1 -w 2
