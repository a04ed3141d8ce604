printf 'a\n\nb\n' | nl -b a | sed -n l
