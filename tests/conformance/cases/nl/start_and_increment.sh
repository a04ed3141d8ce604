printf 'a\nb\nc\n' | nl -v 10 -i 5 -w 2
